import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { ProfileUpdate } from '../../../shared/schemas/account'
import { SETTINGS_TEXTS } from '../../../shared/settings-texts'
import { accountCalls } from '../../lib/account-calls'
import { productApi } from '../../lib/product-api'
import { titleCase, toNotice, type Notice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import { NoticeAlert } from '../auth/notice-alert'
import { NAME_MAX_LENGTH } from '../../../shared/constants'
import { LengthCount } from '../../lib/length-count'
import { useMarkedField } from '../../lib/use-marked-field'

const ACTION = 'update profile'

/** The display name (saved to the account) and the email, which is the sign-in name. */
export function ProfileForm() {
  const { account: me } = useSnapshot(globalState)
  const [name, setName] = useState(me?.name ?? '')
  const [notice, setNotice] = useState<Notice | null>(null)
  const marked = useMarkedField<'name'>()
  const save = useMutation({
    mutationFn: (next: string) => accountCalls.setName({ name: next }),
    onSuccess: (user) => {
      // Everywhere the own name shows reads it from here: it changes at once.
      if (globalState.account) globalState.account.name = user.name
      // A report stamps the new name into the status row, which the partner's header follows.
      void productApi.heartbeat('online').catch(() => undefined)
      setName(user.name)
      setNotice(null)
      notify({ type: 'success', title: titleCase(ACTION), body: SETTINGS_TEXTS.nameSaved })
    },
    onError: (err) => setNotice(toNotice(ACTION, err)),
  })

  const unchanged = name.trim() === me?.name
  function onSubmit(e: FormEvent) {
    e.preventDefault()
    // Focusable while saving or unchanged (aria-disabled): Enter then does nothing.
    if (save.isPending || unchanged) return
    const update = ProfileUpdate.safeParse({ name })
    if (!update.success) {
      marked.mark('name')
      return setNotice({
        type: 'warning',
        title: titleCase(ACTION),
        body: update.error.issues[0]?.message ?? SETTINGS_TEXTS.nameRequired,
      })
    }
    setNotice(null)
    save.mutate(update.data.name)
  }

  return (
    <section className="settings-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <form
        ref={marked.formRef}
        className="settings-form"
        onSubmit={onSubmit}
        noValidate
        aria-busy={save.isPending}
      >
        {notice && <NoticeAlert notice={notice} />}
        <label>
          Display name
          <input
            name="name"
            autoComplete="name"
            // Typing stops at the most a name holds, and says so, rather than a refusal on Save.
            maxLength={NAME_MAX_LENGTH}
            value={name}
            aria-invalid={marked.invalid('name')}
            // The warning was about this field, the form's only one: changed, it no longer holds.
            onChange={(e) => {
              setName(e.target.value)
              if (marked.changed('name')) setNotice(null)
            }}
          />
        </label>
        <LengthCount
          length={name.length}
          max={NAME_MAX_LENGTH}
          holds="a name"
          className="field-count"
        />
        <label>
          Email
          <input
            type="email"
            name="email"
            value={me?.email ?? ''}
            readOnly
            aria-describedby="email-note"
          />
        </label>
        <p id="email-note" className="field-note">
          Your email is how you sign in; it cannot be changed here.
        </p>
        <button
          type="submit"
          className="primary"
          aria-disabled={save.isPending || unchanged || undefined}
        >
          Save name
        </button>
      </form>
    </section>
  )
}

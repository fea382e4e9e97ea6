import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { SETTINGS_TEXTS } from '../../../shared/settings-texts'
import { accountCalls } from '../../lib/account-calls'
import { isInvalidCredentials, titleCase, type Notice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import { useMarkedField } from '../../lib/use-marked-field'
import { NoticeAlert } from '../auth/notice-alert'
import { PasswordChecklist, RULES_ID } from '../auth/password-checklist'
import {
  checkPasswordChange,
  emptyPasswordChange,
  passwordChangeError,
  passwordChangeField,
  type PasswordChangeInput,
} from './password-change'
import { sessionsQuery } from './sessions-query'

/** Current password, then a new one with the registration's live rule markers, confirmed. */
export function PasswordForm() {
  const { account: me } = useSnapshot(globalState)
  const queryClient = useQueryClient()
  const [form, setForm] = useState<PasswordChangeInput>(emptyPasswordChange)
  const [notice, setNotice] = useState<Notice | null>(null)
  const marked = useMarkedField<keyof PasswordChangeInput>()
  const change = useMutation({
    mutationFn: ({ current, password }: PasswordChangeInput) =>
      accountCalls.setPassword({ password, oldPassword: current }),
    onSuccess: () => {
      setForm(emptyPasswordChange())
      setNotice(null)
      marked.mark(null)
      notify({
        type: 'success',
        title: titleCase('change password'),
        body: SETTINGS_TEXTS.passwordChanged,
      })
    },
    onError: (err) => {
      setNotice(passwordChangeError(err))
      if (isInvalidCredentials(err)) marked.mark('current')
    },
    // The backend ends every other session with a new password.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  })
  const field = (name: keyof PasswordChangeInput) => ({
    name,
    type: 'password',
    value: form[name],
    'aria-invalid': marked.invalid(name),
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }))
      marked.changed(name)
    },
  })

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The button stays focusable while busy (aria-disabled): a second submit is ignored here.
    if (change.isPending) return
    const problem = checkPasswordChange(form)
    setNotice(problem)
    marked.mark(problem && passwordChangeField(form))
    if (!problem) change.mutate(form)
  }

  return (
    <section className="settings-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form
        ref={marked.formRef}
        className="settings-form"
        onSubmit={onSubmit}
        noValidate
        aria-busy={change.isPending}
      >
        {notice && <NoticeAlert notice={notice} />}
        {/* For password managers: which account this password belongs to. */}
        <input name="username" autoComplete="username" value={me?.email ?? ''} readOnly hidden />
        <label>
          Current password
          <input autoComplete="current-password" {...field('current')} />
        </label>
        <label>
          New password
          <input autoComplete="new-password" aria-describedby={RULES_ID} {...field('password')} />
        </label>
        <PasswordChecklist password={form.password} />
        <label>
          Confirm new password
          <input autoComplete="new-password" {...field('confirmPassword')} />
        </label>
        <button type="submit" className="primary" aria-disabled={change.isPending || undefined}>
          Change password
        </button>
      </form>
    </section>
  )
}

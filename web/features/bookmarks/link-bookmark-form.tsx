import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { BOOKMARK_TEXTS, LinkBookmarkInput } from '../../../shared/schemas/bookmark'
import { toNotice, type Notice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import { NoticeAlert } from '../auth/notice-alert'
import { bookmarkLink } from './bookmark-actions'

const empty = (): LinkBookmarkInput => ({ url: '', title: '', note: '' })

/** "Save a link": a web address with a title and an optional note. */
export function LinkBookmarkForm() {
  const { account } = useSnapshot(globalState)
  const [form, setForm] = useState(empty)
  const [notice, setNotice] = useState<Notice | null>(null)
  const save = useMutation({
    mutationFn: (input: LinkBookmarkInput) => bookmarkLink(account!.$id, input),
    onSuccess: () => {
      setForm(empty())
      setNotice(null)
      notify({ type: 'success', title: 'Bookmarks', body: BOOKMARK_TEXTS.saved })
    },
    onError: (err) => setNotice(toNotice('save link', err)),
  })
  const field = (name: keyof LinkBookmarkInput) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  })

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const checked = LinkBookmarkInput.safeParse(form)
    if (!checked.success)
      return setNotice({
        type: 'warning',
        title: 'Save Link',
        body: checked.error.issues[0]?.message ?? BOOKMARK_TEXTS.urlInvalid,
      })
    setNotice(null)
    save.mutate(form)
  }

  return (
    <section className="settings-section" aria-labelledby="save-link-title">
      <h2 id="save-link-title">Save a link</h2>
      <form className="settings-form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        {notice && <NoticeAlert notice={notice} />}
        <label>
          Address
          <input type="url" inputMode="url" placeholder="https://" {...field('url')} />
        </label>
        <label>
          Title
          <input maxLength={256} {...field('title')} />
        </label>
        <label>
          Note (optional)
          <textarea rows={2} maxLength={1000} {...field('note')} />
        </label>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save link
        </button>
      </form>
    </section>
  )
}

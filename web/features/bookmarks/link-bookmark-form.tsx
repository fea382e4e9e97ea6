import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { BOOKMARK_TEXTS, LinkBookmarkInput } from '../../../shared/schemas/bookmark'
import { toNotice, type Notice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { useMarkedField } from '../../lib/use-marked-field'
import { globalState } from '../../state/global-state'
import { NoticeAlert } from '../auth/notice-alert'
import { bookmarkLink } from './bookmark-actions'

const empty = (): LinkBookmarkInput => ({ url: '', title: '', note: '' })

/** "Save a link": a web address with an optional title (its address without one) and note. */
export function LinkBookmarkForm() {
  const { account } = useSnapshot(globalState)
  const [form, setForm] = useState(empty)
  const [notice, setNotice] = useState<Notice | null>(null)
  const marked = useMarkedField<keyof LinkBookmarkInput>()
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
    'aria-invalid': marked.invalid(name),
    onChange: (e: { target: { value: string } }) => {
      // The warning was about the marked field: changed, it no longer holds.
      if (marked.changed(name)) setNotice(null)
      setForm((f) => ({ ...f, [name]: e.target.value }))
    },
  })

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (save.isPending) return
    const checked = LinkBookmarkInput.safeParse(form)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      setNotice({
        type: 'warning',
        title: 'Save Link',
        body: issue?.message ?? BOOKMARK_TEXTS.urlInvalid,
      })
      return marked.mark((issue?.path[0] as keyof LinkBookmarkInput | undefined) ?? 'url')
    }
    setNotice(null)
    marked.mark(null)
    // As checked: trimmed, and an address typed without https:// with it.
    save.mutate(checked.data)
  }

  return (
    <section className="settings-section" aria-labelledby="save-link-title">
      <h2 id="save-link-title">Save a link</h2>
      <form
        ref={marked.formRef}
        className="settings-form"
        onSubmit={onSubmit}
        noValidate
        aria-busy={save.isPending}
      >
        {notice && <NoticeAlert notice={notice} />}
        <label>
          Address
          <input type="url" inputMode="url" placeholder="https://" {...field('url')} />
        </label>
        <label>
          Title (optional)
          <input maxLength={256} {...field('title')} />
        </label>
        <label>
          Note (optional)
          <textarea rows={2} maxLength={1000} {...field('note')} />
        </label>
        {/* Not `disabled`: the button keeps the focus of a keyboard user while the save runs. */}
        <button type="submit" className="primary" aria-disabled={save.isPending || undefined}>
          Save link
        </button>
      </form>
    </section>
  )
}

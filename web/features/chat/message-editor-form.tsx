import { useQueryClient } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import { MESSAGE_MAX_LENGTH } from '../../../shared/constants'
import { enterSends } from '../../lib/enter-sends'
import type { DisplayItem } from './display-item'
import { editTextSoFar, keepEditText, stopEdit } from './message-intent'
import { editMessage } from './message-ops'

/** The sender's edit in place of the text: Enter saves (web/lib/enter-sends.ts), Escape cancels. */
export default function MessageEditorForm({ item }: { item: DisplayItem }) {
  const queryClient = useQueryClient()
  const [text, setText] = useState(() => editTextSoFar() ?? item.text)
  const [saving, setSaving] = useState(false)
  const empty = !text.trim() && !item.attachment
  const form = useRef<HTMLFormElement>(null)
  // The caret at the end of the text, where an edit usually goes on.
  useLayoutEffect(() => {
    const box = form.current?.querySelector('textarea')
    box?.setSelectionRange(box.value.length, box.value.length)
  }, [])
  // The whole bubble in view, the editor's Save too when it was the room's last; again when the
  // line saying why Save is off makes it taller (it pushed the buttons below the list).
  useLayoutEffect(() => {
    const bubble = form.current?.closest('.bubble') ?? form.current
    bubble?.scrollIntoView({ block: 'nearest' })
  }, [empty])

  async function save() {
    if (empty || saving) return
    if (text.trim() === item.text) return stopEdit()
    setSaving(true)
    if (await editMessage(queryClient, item.key, text.trim())) stopEdit()
    setSaving(false)
  }

  return (
    <form
      ref={form}
      className="msg-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <textarea
        dir="auto"
        aria-label={item.attachment ? 'Edit caption' : 'Edit message'}
        placeholder={item.attachment ? 'Add a caption' : undefined}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        autoFocus
        onChange={(e) => {
          setText(e.target.value)
          keepEditText(e.target.value)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') stopEdit()
          if (enterSends(e)) {
            e.preventDefault()
            void save()
          }
        }}
      />
      {/* Why Save is off: a message keeps some words (or its file); a delete takes it away. */}
      {empty && (
        <p className="msg-editor-hint" id={`empty-${item.key}`}>
          A message cannot be empty: type something, or delete it from its menu.
        </p>
      )}
      <div className="msg-editor-actions">
        <button type="button" className="link" onClick={stopEdit}>
          Cancel
        </button>
        <button
          type="submit"
          className="link"
          disabled={empty || saving}
          aria-describedby={empty ? `empty-${item.key}` : undefined}
        >
          Save
        </button>
      </div>
    </form>
  )
}

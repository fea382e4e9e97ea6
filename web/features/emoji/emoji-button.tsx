import { useCallback, useRef, useState, type RefObject } from 'react'
import EmojiPicker from './emoji-picker'

/**
 * Puts `emoji` at the box's cursor as typing would (its input event, and so the draft and the
 * typing signal), unless it would pass the box's length limit. In a box that has the focus (a
 * pointer's pick) as typed, with the box's own undo. Otherwise the focus stays where it is: in
 * the panel for the keyboard, and on a phone no on-screen keyboard pops up over the panel.
 */
function insertAt(box: HTMLTextAreaElement, emoji: string): boolean {
  const { selectionStart: start, selectionEnd: end, value } = box
  if (box.maxLength > 0 && value.length - (end - start) + emoji.length > box.maxLength) return false
  if (document.activeElement === box && document.execCommand('insertText', false, emoji))
    return true
  box.setRangeText(emoji, start, end, 'end')
  box.dispatchEvent(new Event('input', { bubbles: true }))
  return true
}

/** The composer's emoji button and its panel (a chunk of its own, web/features/chat/message-parts.ts). */
export default function EmojiButton({
  box,
  meId,
}: {
  box: RefObject<HTMLTextAreaElement | null>
  meId: string
}) {
  // How it was opened: from the keyboard, the panel takes the focus.
  const [open, setOpen] = useState<false | 'keys' | 'pointer'>(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    const inside = document.activeElement?.closest('.emoji-picker')
    setOpen(false)
    if (inside) button.current?.focus()
  }, [])
  return (
    <div className="emoji-anchor">
      <button
        ref={button}
        type="button"
        className="attach-button emoji-button"
        aria-label="Emoji"
        title="Emoji"
        aria-expanded={!!open}
        aria-haspopup="dialog"
        // A press keeps the cursor in the box, where the emoji go.
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => setOpen(open ? false : e.detail === 0 ? 'keys' : 'pointer')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5s1.2 1.8 3.5 1.8 3.5-1.8 3.5-1.8M9 9.5h.01M15 9.5h.01" />
        </svg>
      </button>
      {open && (
        <EmojiPicker
          meId={meId}
          focusFirst={open === 'keys'}
          onPick={(emoji) => !!box.current && insertAt(box.current, emoji)}
          onClose={close}
        />
      )}
    </div>
  )
}

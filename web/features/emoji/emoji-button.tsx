import { useCallback, useRef, useState, type RefObject } from 'react'
import { isTouchScreen } from '../../lib/enter-sends'
import EmojiPicker from './emoji-picker'

/**
 * Puts `emoji` at the box's cursor as typed (`insertText`: its input event, and so the draft and
 * the typing signal, and the box's own undo), unless it would pass the box's length limit. A pick
 * from the keyboard gives the focus back to the panel after. On a touch screen a box without the
 * focus does not take it (no on-screen keyboard pops up over the panel): set there, without undo.
 */
function insertAt(box: HTMLTextAreaElement, emoji: string): boolean {
  const { selectionStart: start, selectionEnd: end, value } = box
  if (box.maxLength > 0 && value.length - (end - start) + emoji.length > box.maxLength) return false
  const from = document.activeElement
  if (from === box || !isTouchScreen()) {
    box.focus({ preventScroll: true })
    const typed = document.execCommand('insertText', false, emoji)
    if (from instanceof HTMLElement && from !== box) from.focus()
    if (typed) return true
  }
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

import { useRef, useState, type KeyboardEvent } from 'react'
import { productApi } from '../../lib/product-api'
import { createTypingSignal } from './typing-signal'

const MAX_LENGTH = 4000

/** Enter sends, Shift+Enter starts a new line; typing is signalled at most every 3 s. */
export function Composer({
  roomId,
  meId,
  roomName,
  onSend,
}: {
  roomId: string
  meId: string
  roomName: string
  onSend: (text: string) => void
}) {
  const [text, setText] = useState('')
  const typing = useRef(createTypingSignal())
  const ref = useRef<HTMLTextAreaElement>(null)

  const signal = (isTyping: boolean) =>
    void productApi
      .updateStatus(meId, { isTyping, typingRoomId: isTyping ? roomId : null })
      .catch(() => undefined)

  function submit() {
    const message = text.trim()
    if (!message) return
    onSend(message)
    setText('')
    if (typing.current.onStop(Date.now())) signal(false)
    ref.current?.focus()
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    }
  }

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <textarea
        ref={ref}
        rows={1}
        value={text}
        maxLength={MAX_LENGTH}
        placeholder={`Message ${roomName}`}
        aria-label="Message"
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setText(e.target.value)
          const now = Date.now()
          if (!e.target.value) {
            if (typing.current.onStop(now)) signal(false)
          } else if (typing.current.onInput(now)) signal(true)
        }}
      />
      <button
        type="submit"
        className="send-button"
        aria-label="Send message"
        disabled={!text.trim()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <path d="M4 12 20 4l-6 16-2.5-6.5z" />
        </svg>
      </button>
    </form>
  )
}

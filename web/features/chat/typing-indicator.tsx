import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { isTypingIn } from '../presence/presence-model'

/** "<partner> is typing…" while their flag is fresh (10 s) and no newer message of theirs came. */
export function TypingIndicator({
  roomId,
  lastChateeMessageAt,
}: {
  roomId: string
  lastChateeMessageAt?: number
}) {
  const { chatee, chateeStatus } = useSnapshot(globalState)
  const [now, setNow] = useState(() => Date.now())
  const flagged = !!chateeStatus?.isTyping
  useEffect(() => {
    if (!flagged) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [flagged, chateeStatus?.$updatedAt])
  const typing =
    !!chatee && !!chateeStatus && isTypingIn(chateeStatus, roomId, now, lastChateeMessageAt)
  return (
    <div className="typing-indicator" aria-live="polite">
      {typing && (
        <>
          <span className="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          {chatee!.name} is typing…
        </>
      )}
    </div>
  )
}

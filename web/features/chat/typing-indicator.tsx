import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { globalState, partnerPresenceShown } from '../../state/global-state'
import { isTypingIn, typingWords } from '../presence/presence-model'

/**
 * "<partner> is typing…" (or "is recording a voice message…") while their flag is fresh (10 s) and no newer message of theirs came,
 * in the admin view or while both share presence.
 */
export function TypingIndicator({
  roomId,
  lastChateeMessageAt,
}: {
  roomId: string
  lastChateeMessageAt?: number
}) {
  const snap = useSnapshot(globalState)
  const { chatee } = snap
  // Typing is presence: shown in the admin view or while both share it.
  const chateeStatus = partnerPresenceShown(snap) ? snap.chateeStatus : null
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
          {chatee!.name} is {typingWords(chateeStatus!)}
        </>
      )}
    </div>
  )
}

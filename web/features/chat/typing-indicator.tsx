import { isTypingIn, typingWords } from '../presence/presence-model'
import { usePartnerTyping } from '../presence/use-partner-typing'

/**
 * "<partner> is typing…" (or "is recording a voice message…") while their flag is fresh (10 s)
 * and no newer message of theirs came, in the admin view or while both share presence.
 */
export function TypingIndicator({
  roomId,
  lastChateeMessageAt,
}: {
  roomId: string
  lastChateeMessageAt?: number
}) {
  const { chatee, status, now } = usePartnerTyping()
  const typing = !!status && isTypingIn(status, roomId, now, lastChateeMessageAt)
  return (
    <div className="typing-indicator" aria-live="polite">
      {typing && (
        <>
          <span className="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          {chatee!.name} is {typingWords(status)}
        </>
      )}
    </div>
  )
}

import { useInfiniteQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { flattenPages } from './message-model'
import { cancelReply, focusComposer, messageIntent } from './message-intent'
import { messagesQuery } from './messages-query'
import { excerpt, senderName } from './room-context'

/** Above the composer while answering a message; the reply goes with the next send. */
export default function QuoteBar({ roomId, meId }: { roomId: string; meId: string }) {
  const { replyTo } = useSnapshot(messageIntent)
  const chateeName = useSnapshot(globalState).chatee?.name
  const { data } = useInfiniteQuery(messagesQuery(roomId))
  if (replyTo?.roomId !== roomId) return null
  const quoted = flattenPages(data?.pages ?? []).find((m) => m.$id === replyTo.messageId)
  return (
    <div className="quote-bar" role="status">
      <div className="quote-bar-text">
        <strong>
          Replying to{' '}
          {quoted
            ? senderName(quoted.senderId, quoted.kind, meId, chateeName)
            : 'an earlier message'}
        </strong>
        {/* A kept reply to a message on a page not loaded yet: its text is not at hand. */}
        {quoted && <span dir="auto">{excerpt(quoted)}</span>}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label="Cancel reply"
        // The bar goes with its button: the focus goes on to the composer, as Escape leaves it.
        onClick={() => (cancelReply(), focusComposer())}
      >
        ×
      </button>
    </div>
  )
}

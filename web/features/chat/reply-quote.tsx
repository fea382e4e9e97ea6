import { useQuery } from '@tanstack/react-query'
import { excerpt, useLoadedMessage, useRoom } from './room-context'
import { singleMessageQuery } from './single-message-query'

/**
 * The quoted message at the top of a reply: its sender and first line (or file name), read
 * from the loaded pages or, when it is older than them, on its own. A click shows the original.
 */
export function ReplyQuote({ messageId }: { messageId: string }) {
  const room = useRoom()
  const local = useLoadedMessage(messageId)
  const single = useQuery({ ...singleMessageQuery(messageId), enabled: !local })
  const original = local ?? single.data ?? null
  const waiting = !local && single.isPending
  const sender = original ? room.nameOf(original.senderId, original.kind) : ''
  const text = waiting ? '…' : excerpt(original)
  return (
    <button
      type="button"
      className="reply-quote"
      onClick={() => room.jumpTo(messageId)}
      title="Show the original message"
    >
      {sender && <strong>{sender}</strong>}
      <span dir="auto" className={original && !original.deletedAt ? undefined : 'gone'}>
        {text}
      </span>
    </button>
  )
}

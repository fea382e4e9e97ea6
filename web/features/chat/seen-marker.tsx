import { formatDate } from '../../../shared/date-format'
import { fullDateTime } from '../../../shared/timeline'
import type { Message } from './message-model'
import type { Receipts } from './receipts-query'

/** The rows that carry "Seen" (and when the partner read it) and "Delivered". */
export type ReceiptMarks = {
  seen: { key: string; readAt: string } | null
  delivered: string | null
}

/**
 * "Seen" under the newest of one's own messages the partner has read, newer unread ones or not;
 * "Delivered" under the newest one a device of the partner holds, when it is newer than that.
 */
export function receiptMarks(
  messages: readonly Message[],
  meId: string,
  receipts: Receipts | undefined,
  roomId: string,
): ReceiptMarks {
  const read = receipts?.partner[roomId]
  const held = receipts?.delivered[roomId] ?? -1
  // A message deleted for everyone carries neither: there is nothing left to have read.
  const newestMine = (upTo: number, past = -1) =>
    messages.findLast(
      (m) =>
        m.senderId === meId && m.kind === 'user' && !m.deletedAt && m.seq <= upTo && m.seq > past,
    )?.$id ?? null
  const seen = read && newestMine(read.seq)
  return {
    seen: seen ? { key: seen, readAt: read.readAt } : null,
    delivered: newestMine(held, read?.seq),
  }
}

/**
 * "Seen" under the user's newest message the partner has read: the spec's message time today
 * ("1:47 am", as the bubbles), its date before ("April 29, 2024", as "last seen"); the full date
 * and time on hover.
 */
export function seenLabel(at: Date, now = new Date()) {
  return at.toDateString() === now.toDateString()
    ? formatDate(at, 'messageTime')
    : formatDate(at, 'date')
}

export function SeenMarker({ readAt }: { readAt: string }) {
  const at = new Date(readAt)
  return (
    <p className="seen-marker">
      Seen{' '}
      <time dateTime={at.toISOString()} title={fullDateTime(at)}>
        {seenLabel(at)}
      </time>
    </p>
  )
}

export const DeliveredMarker = () => <p className="delivered-marker">Delivered</p>

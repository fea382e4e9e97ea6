import { formatDate } from '../../../shared/date-format'
import { fullDateTime } from '../../../shared/timeline'

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

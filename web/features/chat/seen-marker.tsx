import { seenLabel } from '../../../shared/receipts'
import { fullDateTime } from '../../../shared/timeline'

/** "Seen" under the user's newest message the partner has read (shared/receipts.ts places it). */
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

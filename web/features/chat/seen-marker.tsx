/** "Seen" under the user's newest message the partner has read, with when. */
export function SeenMarker({ readAt }: { readAt: string }) {
  const at = new Date(readAt)
  const today = at.toDateString() === new Date().toDateString()
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  const label = today
    ? time
    : `${at.toLocaleDateString([], { month: 'short', day: 'numeric' })}, ${time}`
  return (
    <p className="seen-marker">
      Seen{' '}
      <time dateTime={at.toISOString()} title={at.toLocaleString()}>
        {label}
      </time>
    </p>
  )
}

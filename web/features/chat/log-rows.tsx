import { memo, type RefObject } from 'react'
import type { DisplayItem } from './display-item'
import { MessageRow } from './message-row'
import { SeenMarker } from './seen-marker'
import type { TimelineEntry } from './timeline'

// Rows re-render only when their own props change: with a long history loaded, an older page or
// a new message otherwise rendered every row again (npm run bench history).
const Row = memo(MessageRow)

type Props = {
  timeline: TimelineEntry<DisplayItem>[]
  /** The window of `timeline` to render, and the height of the rows left out on each side. */
  window: { rowsRef: RefObject<HTMLDivElement | null>; start: number; end: number }
  before: number
  after: number
  meId: string
  /** The row that carries "Seen", and when the partner read it. */
  seen: { key: string; readAt: string } | null
  onRetry: (clientId: string) => void
}

/**
 * The rendered window of the log. Each entry is wrapped (`data-vkey`) so it can be measured
 * with its margins (a flex item holds its children's margins);
 * messages say their place among all loaded ones (aria-posinset/setsize), since a screen reader
 * no longer finds the rest in the DOM.
 */
export function LogRows({ timeline, window, before, after, meId, seen, onRetry }: Props) {
  const { rowsRef, start, end } = window
  let total = 0
  let first = 0
  for (let i = 0; i < timeline.length; i++)
    if (timeline[i]!.type === 'message') {
      if (i < start) first++
      total++
    }
  let pos = first
  return (
    <div ref={rowsRef} className="log-rows" style={{ paddingTop: before, paddingBottom: after }}>
      {timeline.slice(start, end).map((entry) =>
        entry.type === 'message' ? (
          <div
            key={entry.key}
            data-vkey={entry.key}
            role="article"
            aria-posinset={++pos}
            aria-setsize={total}
          >
            <Row
              item={entry.message}
              time={entry.time}
              datetime={entry.datetime}
              continued={entry.continued}
              mine={entry.message.senderId === meId}
              onRetry={onRetry}
            />
            {entry.key === seen?.key && <SeenMarker readAt={seen.readAt} />}
          </div>
        ) : (
          <div key={entry.key} data-vkey={entry.key}>
            <div className={entry.type === 'day' ? 'day-divider' : 'gap-divider'}>
              <span>{entry.label}</span>
            </div>
          </div>
        ),
      )}
    </div>
  )
}

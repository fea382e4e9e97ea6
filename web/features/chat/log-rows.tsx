import { memo, useMemo, type CSSProperties, type RefObject } from 'react'
import type { DisplayItem } from './display-item'
import { MessageRow } from './message-row'
import { DeliveredMarker, SeenMarker } from './seen-marker'
import type { ReceiptMarks } from '../../../shared/receipts'
import type { TimelineEntry } from '../../../shared/timeline'

// Rows re-render only when their own props change: with a long history loaded, an older page or
// a new message otherwise rendered every row again (npm run bench history).
const Row = memo(MessageRow)

type Props = {
  timeline: TimelineEntry<DisplayItem>[]
  /**
   * The window of `timeline` to render, the focused row kept outside it (at its offset), and the
   * height of the rows left out on each side.
   */
  window: {
    rowsRef: RefObject<HTMLDivElement | null>
    start: number
    end: number
    pinned: { index: number; top: number } | null
  }
  before: number
  after: number
  meId: string
  marks: ReceiptMarks
  onRetry: (clientId: string) => void
}

/**
 * The rendered window of the log. Each entry is wrapped (`data-vkey`) so it can be measured
 * with its margins (a flex item holds its children's margins);
 * messages say their place among all loaded ones (aria-posinset/setsize), since a screen reader
 * no longer finds the rest in the DOM.
 */
export function LogRows({ timeline, window, before, after, meId, marks, onRetry }: Props) {
  const { seen, delivered } = marks
  const { rowsRef, start, end, pinned } = window
  // Counted once per timeline, not at every scroll step that moves the window.
  const { countBefore, total } = useMemo(() => messagePlaces(timeline), [timeline])
  const render = (entry: TimelineEntry<DisplayItem>, i: number, style?: CSSProperties) => {
    const own = { 'data-vkey': entry.key, 'data-pinned': style && '', style }
    return entry.type === 'message' ? (
      <div
        key={entry.key}
        {...own}
        role="article"
        aria-posinset={countBefore[i]! + 1}
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
        {entry.key === delivered && <DeliveredMarker />}
      </div>
    ) : (
      <div key={entry.key} {...own}>
        <div className={`${entry.type}-divider`}>
          <span>{entry.label}</span>
        </div>
      </div>
    )
  }
  const rows = timeline.slice(start, end).map((entry, i) => render(entry, start + i))
  // In the same list as the rows, under the same key: React keeps the row (and its focus) when it
  // leaves the window or comes back, rather than making it anew.
  if (pinned)
    rows.push(
      render(timeline[pinned.index]!, pinned.index, {
        position: 'absolute',
        top: pinned.top,
        left: 0,
        right: 0,
      }),
    )
  return (
    <div ref={rowsRef} className="log-rows" style={{ paddingTop: before, paddingBottom: after }}>
      {rows}
    </div>
  )
}

/** How many messages come before each entry, and how many there are in all. */
function messagePlaces(timeline: TimelineEntry<DisplayItem>[]) {
  let total = 0
  const countBefore: number[] = []
  for (const entry of timeline) {
    countBefore.push(total)
    if (entry.type === 'message') total++
  }
  return { countBefore, total }
}

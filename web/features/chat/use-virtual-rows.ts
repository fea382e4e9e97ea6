import { useLocation } from '@tanstack/react-router'
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import {
  anchorTop,
  captureAnchor,
  entryEls,
  measure,
  needsWindow,
  rangeOf,
  watchFocus,
  watchRows,
  type Anchor,
} from './virtual-window'
import { messageIntent } from './message-intent'
import { keepPosition, keptPosition } from './room-position'

// A long history keeps only the rows near the view in the DOM (npm run bench history: 2,100
// loaded rows were 27,468 nodes). Short rooms render every row, so find-in-page still sees them.
const WINDOW_FROM = 200
const OVERSCAN_PX = 900

type Entry = { key: string; type: string }

/**
 * Windowed rendering over measured heights. The view is held by an anchor (the first visible
 * row and its distance from the top, or "the bottom"): rows measured, pages prepended or rows
 * growing above it move the scroll position instead of the rows the reader is looking at.
 * Back to a room left scrolled up, it starts where it was (`returned`, room-position.ts); it
 * keeps its place as it goes, unless `keep` is false (a search's results).
 */
export function useVirtualRows(
  ref: RefObject<HTMLElement | null>,
  entries: readonly Entry[],
  roomId: string,
  keep: boolean,
) {
  const rowsRef = useRef<HTMLDivElement>(null)
  const sizes = useRef(new Map<string, number>()).current
  // This history entry's place for the room, as the list mounts.
  const entry = useLocation({ select: (l) => l.state.__TSR_key })
  const [place] = useState(entry + roomId)
  const [returned] = useState(() => keptPosition(place, entries))
  const anchor = useRef<Anchor>(returned ?? 'bottom')
  const seen = useRef({ scrollTop: 0, height: 0 })
  // A reveal's render is placed by its anchor: the scroll position its new window clamps (the
  // content's height changes with it) is not the reader's.
  const revealing = useRef(false)
  const [, rerender] = useState(0)

  const n = entries.length
  const virtual = n > WINDOW_FROM
  const keys = entries.map((e) => e.key)
  const offsets = new Array<number>(n + 1)
  offsets[0] = 0
  for (let i = 0; i < n; i++) {
    const e = entries[i]!
    offsets[i + 1] = offsets[i]! + (sizes.get(e.key) ?? (e.type === 'message' ? 64 : 44))
  }
  const a = anchor.current
  const at = a === 'bottom' ? -1 : keys.indexOf(a.key)
  const height = seen.current.height
  const view =
    a === 'bottom'
      ? offsets[n]! - height
      : at >= 0
        ? offsets[at]! - a.offset
        : seen.current.scrollTop
  const { start, end } = virtual
    ? rangeOf(offsets, view - OVERSCAN_PX, view + height + OVERSCAN_PX)
    : { start: 0, end: n }
  const current = useRef({ keys, offsets, start, end, n, keep })
  current.current = { keys, offsets, start, end, n, keep }
  // The row holding keyboard focus stays in the DOM when the window moves away from it, placed
  // where it belongs, so focus is not dropped to the page (and Tab does not start over).
  const focused = useRef<string | null>(null)
  const fi = virtual && focused.current ? keys.indexOf(focused.current) : -1
  const pinned = fi >= 0 && (fi < start || fi >= end) ? { index: fi, top: offsets[fi]! } : null

  /** After a commit or a resize: measure, hold the anchor; true when another window is due. */
  const settle = useCallback(() => {
    const el = ref.current
    const rows = rowsRef.current
    if (!el || !rows) return false
    const changed = measure(rows, sizes, parseFloat(getComputedStyle(rows).rowGap) || 0)
    const { keys, offsets } = current.current
    // The browser holding the old place to a shorter content (a refetch's newest page without
    // the rows realtime had added above it) is no reader's scroll: the anchor still says where.
    const clamped =
      el.scrollTop < seen.current.scrollTop && el.scrollTop >= el.scrollHeight - el.clientHeight - 1
    if (!revealing.current && !clamped && Math.abs(el.scrollTop - seen.current.scrollTop) > 1) {
      // Scrolled since we last looked (the reader, the bottom for a new message, a jump): follow.
      anchor.current = captureAnchor(el, rows, keys, offsets)
    } else if (anchor.current === 'bottom') {
      // Not while a bubble is edited in place: it grows, and pinning the bottom pushes it up.
      if (!messageIntent.editingId) el.scrollTop = el.scrollHeight
    } else {
      const key = anchor.current.key
      const row = entryEls(rows).find((e) => e.dataset.vkey === key)
      const top = row && anchorTop(row) - el.getBoundingClientRect().top
      if (top !== undefined && Math.abs(top - anchor.current.offset) > 0.5)
        el.scrollTop += top - anchor.current.offset
    }
    seen.current = { scrollTop: el.scrollTop, height: el.clientHeight }
    const big = current.current.n > WINDOW_FROM
    return big && (changed || needsWindow(el, rows, current.current, OVERSCAN_PX / 3))
  }, [ref, sizes])

  const passes = useRef(0)
  const watching = useRef<{ rows: HTMLElement; stop: () => void } | null>(null)
  useLayoutEffect(() => {
    const rows = rowsRef.current
    if (watching.current?.rows !== rows) {
      watching.current?.stop()
      const stopFocus = rows && watchFocus(rows, (key) => (focused.current = key))
      const stopRows = rows && watchRows(rows, () => settle() && rerender((t) => t + 1))
      watching.current = rows && { rows, stop: () => (stopFocus?.(), stopRows?.()) }
    }
    // A few passes at most per change: each measures the rows the last one rendered.
    if (settle() && passes.current++ < 4) rerender((t) => t + 1)
    else passes.current = 0
  })
  // Forgotten too, so a remount (React's development double run) starts watching again.
  useLayoutEffect(
    () => () => {
      watching.current?.stop()
      watching.current = null
      keepPosition(place, current.current.keep ? anchor.current : 'bottom')
    },
    [],
  )

  const onScroll = useCallback(() => {
    const el = ref.current
    const rows = rowsRef.current
    if (!el || !rows) return
    anchor.current = captureAnchor(el, rows, current.current.keys, current.current.offsets)
    seen.current = { scrollTop: el.scrollTop, height: el.clientHeight }
    // At once, before the frame is painted: a fast scroll otherwise shows empty space.
    if (current.current.n > WINDOW_FROM && needsWindow(el, rows, current.current, OVERSCAN_PX / 3))
      flushSync(() => rerender((t) => t + 1))
  }, [ref])

  /** The row of `key` rendered near the middle of the view, or null when it is not loaded. */
  const reveal = useCallback((key: string) => {
    const find = () =>
      rowsRef.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(key)}"]`) ?? null
    if (find() || !current.current.keys.includes(key)) return find()
    anchor.current = { key, offset: seen.current.height / 2 - 32 }
    revealing.current = true
    try {
      flushSync(() => rerender((t) => t + 1))
    } finally {
      revealing.current = false
    }
    return find()
  }, [])

  /**
   * The reader opens or closes a row (Read more): it keeps its top where it is on screen, at
   * least `min` px below the view's top, instead of the bottom or another row keeping theirs.
   */
  const hold = useCallback(
    (entry: HTMLElement, min = -Infinity) => {
      const el = ref.current
      const key = entry.dataset.vkey
      const top = el && anchorTop(entry) - el.getBoundingClientRect().top
      if (key && top != null) anchor.current = { key, offset: Math.max(min, top) }
    },
    [ref],
  )

  const before = offsets[start]!
  const after = offsets[n]! - offsets[end]!
  return { rowsRef, start, end, before, after, pinned, onScroll, reveal, hold, returned }
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { messageIntent } from './message-intent'

const NEAR_BOTTOM_PX = 100
const NEAR_TOP_PX = 200
// Space left above the first new row when the pill shows it at the top of the view.
const FIRST_NEW_MARGIN_PX = 12

type Args = {
  ref: RefObject<HTMLElement | null>
  /** Keys of the oldest and newest rows, and the row count: what changed since last render. */
  oldestKey?: string
  newestKey?: string
  count: number
  /** The newest row is the user's own just-sent message: always follow it. */
  newestIsMine: boolean
  /** Key and state of the user's newest own row: a change (sent, failed) may grow the bottom. */
  ownTail?: string
  onNearTop: () => void
}

/**
 * At the bottom by the last scroll event, and not moved since: a jump to a quoted message
 * scrolls before its scroll event arrives, and a row growing in that gap (a preview, reactions)
 * must not take the reader back down.
 */
const stillAtBottom = (el: HTMLElement, seen: { atBottom: boolean; scrollTop: number }) =>
  seen.atBottom && Math.abs(el.scrollTop - seen.scrollTop) < 2

/**
 * Sticks to the bottom only while the reader is there; otherwise the view stays put (what came is
 * counted by the list, as unread: new-pill.tsx). Older pages prepended above keep the visible row
 * in place through the list's anchor (use-virtual-rows.ts), which runs after these effects.
 */
export function useChatScroll({
  ref,
  oldestKey,
  newestKey,
  count,
  newestIsMine,
  ownTail,
  onNearTop,
}: Args) {
  const [atBottom, setAtBottom] = useState(true)
  // More than a screen above the newest rows: the way down is offered (new-pill.tsx).
  const [far, setFar] = useState(false)
  const last = useRef({ newestKey, count, ownTail, scrollTop: 0, atBottom: true })
  // Where this hook's last move to the bottom, or the last scroll event at the bottom, left the
  // view; null once the reader has left it. A scroll event that finds the view there or lower is
  // no reader scrolling up, though rows that grew since (a room opening: reactions, "Seen"
  // moving) may have put the bottom further away than the event's 100 px.
  const pinnedAt = useRef<number | null>(null)
  const pin = useCallback((el: HTMLElement) => {
    el.scrollTop = el.scrollHeight
    pinnedAt.current = el.scrollTop
  }, [])

  const scrollToBottom = useCallback(() => {
    const el = ref.current
    if (el) pin(el)
  }, [ref, pin])

  /**
   * The pill's way down: to the first unread row, at the top of the view, when the rows from it
   * take more than a screen (the newest, as before, when they fit), so that none is passed
   * unseen. `first` renders and returns that row (null: none is unread).
   */
  const showNew = useCallback(
    (first: HTMLElement | null) => {
      const el = ref.current
      if (!el || !first) return scrollToBottom()
      const top = first.getBoundingClientRect().top - el.getBoundingClientRect().top
      if (el.scrollHeight - (el.scrollTop + top) <= el.clientHeight) return scrollToBottom()
      el.scrollTop += top - FIRST_NEW_MARGIN_PX
    },
    [ref, scrollToBottom],
  )

  // Run again when the oldest row changes too (an older page): the scroll position is taken again.
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const prev = last.current
    if (prev.count === 0 && count > 0) {
      pin(el)
    } else if (newestKey !== prev.newestKey && count > prev.count) {
      if (stillAtBottom(el, prev) || newestIsMine) scrollToBottom()
    } else if (ownTail !== prev.ownTail && stillAtBottom(el, prev)) {
      // E.g. "Not sent. Retry" appearing under the reader's last message: keep it in view.
      scrollToBottom()
    }
    last.current = { ...prev, newestKey, count, ownTail, scrollTop: el.scrollTop }
  }, [ref, oldestKey, newestKey, count, newestIsMine, ownTail, scrollToBottom, pin])

  // The box shrinks when the composer grows (a staged file, another line): a reader at the
  // bottom stays there rather than losing the newest rows behind it.
  const loaded = count > 0
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !loaded) return
    const observer = new ResizeObserver(() => {
      // A bubble opened for editing grows in place: pinning the bottom would push it up, out
      // of view when it was near the top (the editor shows itself: message-editor-form.tsx).
      if (!stillAtBottom(el, last.current) || messageIntent.editingId) return
      pin(el)
      last.current.scrollTop = el.scrollTop
    })
    // The log itself too: a row that grows after it rendered (a receipt, reactions, a preview
    // card) changes the content's height, not the scroll box's.
    for (const node of [el, ...el.children]) observer.observe(node)
    return () => observer.disconnect()
  }, [ref, loaded, pin])

  // A reader already at the top gets no further scroll event, so each time the loader may have
  // become free (a read ended or was cancelled) or the rows changed, look again.
  useEffect(() => {
    const el = ref.current
    if (el && count > 0 && el.scrollTop < NEAR_TOP_PX) onNearTop()
  }, [ref, count, onNearTop])

  const isAtBottom = useCallback(() => {
    const el = ref.current
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX
  }, [ref])

  const onScroll = useCallback(() => {
    const el = ref.current
    if (!el) return
    const held = pinnedAt.current
    if (held !== null && el.scrollTop >= held - 1 && !isAtBottom() && !messageIntent.editingId)
      pin(el)
    const bottom = isAtBottom()
    pinnedAt.current = bottom ? el.scrollTop : null
    last.current.scrollTop = el.scrollTop
    last.current.atBottom = bottom
    setAtBottom(bottom)
    setFar(el.scrollHeight - el.scrollTop - el.clientHeight > el.clientHeight)
    if (el.scrollTop < NEAR_TOP_PX) onNearTop()
  }, [ref, onNearTop, isAtBottom, pin])

  /** The reader grows a row themselves (Read more): the view is theirs until they scroll. */
  const leaveBottom = useCallback(() => {
    last.current.atBottom = false
    pinnedAt.current = null
  }, [])

  return { atBottom, far, onScroll, scrollToBottom, showNew, isAtBottom, leaveBottom }
}

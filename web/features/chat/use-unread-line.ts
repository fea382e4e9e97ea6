import { useQueryClient } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import {
  UNREAD_LINE_KEY,
  UNREAD_LINE_MARGIN_PX,
  unreadLineLabel,
  type UnreadLine,
} from '../../../shared/timeline'
import { firstLoadReadSeq } from '../../lib/first-load'
import type { DisplayItem } from './display-item'
import { awaitsReading, countUnread, type Message } from './message-model'
import { readState } from './read-state'
import { receiptsKey, type Receipts } from './receipts-query'

type Args = {
  roomId: string
  meId: string
  messages: readonly Message[]
  items: readonly DisplayItem[]
  /** The room's newest page is in: the baseline is taken then, before reading moves the mark. */
  ready: boolean
  /** No older page to read: a first unread message beyond the loaded ones cannot be missed. */
  complete: boolean
  /** The reader is at the bottom of the room (by the last scroll event): new rows are seen. */
  atBottom: boolean
}

/**
 * What this reader had read of the room: this device's mark or the server's (as the receipts
 * read, or as the page's first load brought it), whichever is newest; null when none is known.
 */
function readSoFar(roomId: string, ...marks: (number | null | undefined)[]) {
  const known = [readState.lastRead[roomId], ...marks].filter((m): m is number => m != null)
  return known.length ? Math.max(...known) : null
}

/** Where the line's count starts, and whether the last render had unread messages after it. */
type Base = { roomId: string; seq: number | null; pending: boolean }

/**
 * The line above the first message the reader had not read when the room opened ("3 new
 * messages"), as messengers draw it. Its place is fixed then: reading on moves the read mark, not
 * the line. Messages that arrive while the reader watches the bottom of a visible page make no
 * line; those that arrive while the tab is in the background or the reader is scrolled up do,
 * above the first of them. It goes once the reader writes in the room. Null also while its
 * message is on a page not loaded yet.
 */
export function useUnreadLine(args: Args) {
  const { roomId, meId, messages, ready, atBottom } = args
  const queryClient = useQueryClient()
  const [base, setBase] = useState<Base | null>(null)
  let current = base?.roomId === roomId ? base : null
  if (!current && ready) {
    const own = queryClient.getQueryData<Receipts>(receiptsKey(meId))?.own[roomId]
    // What is unread at the opening is the line's, not news that arrived while watching.
    current = { roomId, seq: readSoFar(roomId, own, firstLoadReadSeq(roomId)), pending: true }
    setBase(current)
  }
  let { line, answered } = lineAfter(current?.seq ?? null, args)
  const pending = !!line?.first && !answered
  // Adjusting state while rendering (React's pattern for it): the same inputs give the same base.
  if (current) {
    const newest = messages.at(-1)?.seq ?? null
    const watching = atBottom && !document.hidden
    if (watching && newest !== current.seq && (answered || (pending && !current.pending))) {
      current = { roomId, seq: newest, pending: false }
      setBase(current)
      ;({ line, answered } = lineAfter(newest, args))
    } else if (pending !== current.pending) setBase({ ...current, pending })
  }
  return line && !answered ? line.shown : null
}

/** The line after `seq` in the loaded rows, and whether the reader has written after it. */
function lineAfter(seq: number | null, { messages, items, meId, complete }: Args) {
  const first =
    seq === null ? undefined : messages.find((m) => m.seq > seq && awaitsReading(m, meId))
  if (!first) return { line: null, answered: false }
  const shown: UnreadLine | null =
    complete || messages[0]!.seq <= seq!
      ? { before: first.$id, label: unreadLineLabel(countUnread(messages, seq!, meId)) }
      : null
  const at = shown ? items.findIndex((i) => i.key === shown.before) : -1
  const answered =
    at >= 0 && items.some((i, n) => n > at && i.senderId === meId && i.kind === 'user')
  return { line: { first, shown }, answered }
}

/**
 * Opens the room at its unread line when the newest rows would leave it above the view: the
 * line at the top, the first unread message under it. Once per opening of the room (the line
 * read as it is then), before its first frame is painted: a long room's window holds the line
 * only after a reveal, made in that frame's animation callback. Placing is idempotent, so React's development double run of the effects
 * (whose second pass scrolls the list to the bottom again first) ends at the line too.
 */
export function useOpenAtUnread(
  ref: RefObject<HTMLElement | null>,
  o: { roomId: string; ready: boolean; line: UnreadLine | null; reveal: (id: string) => unknown },
) {
  const { roomId, ready, reveal } = o
  const line = useRef(o.line)
  line.current = o.line
  useLayoutEffect(() => {
    const at = line.current
    if (!ready || !at) return
    const place = () => {
      const el = ref.current
      const mark = el?.querySelector(`[data-vkey="${UNREAD_LINE_KEY}"]`)
      if (!el || !mark) return false
      const top = mark.getBoundingClientRect().top - el.getBoundingClientRect().top
      if (top < 0) el.scrollTop += top - UNREAD_LINE_MARGIN_PX
      return true
    }
    if (!place()) requestAnimationFrame(() => (reveal(at.before), place()))
  }, [ref, roomId, ready, reveal])
}

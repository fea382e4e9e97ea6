import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import {
  UNREAD_LINE_KEY,
  UNREAD_LINE_MARGIN_PX,
  unreadLineLabel,
  type UnreadLine,
} from '../../../shared/timeline'
import { firstLoadOf } from '../../lib/first-load'
import type { DisplayItem } from './display-item'
import { awaitsReading, countUnread, type Message } from './message-model'
import { isResent } from './outbox'
import { readState } from './read-state'
import { receiptsQuery } from './receipts-query'
import type { Receipts } from '../../../shared/receipts'

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
export function readSoFar(roomId: string, ...marks: (number | null | undefined)[]) {
  const known = [readState.lastRead[roomId], ...marks].filter((m): m is number => m != null)
  return known.length ? Math.max(...known) : null
}

/**
 * Where the line's count starts (`seq`) and ends (`upTo`: what arrived while the reader watched
 * is read, not new), whether the last render had unread messages after it, and the opening's time.
 */
type Base = {
  roomId: string
  seq: number | null
  upTo: number | null
  pending: boolean
  openedAt: number
}

const same = (a: Base, b: Base) =>
  a.seq === b.seq && a.upTo === b.upTo && a.pending === b.pending && a.roomId === b.roomId

/**
 * The line above the first message the reader had not read when the room opened ("3 new
 * messages"), as messengers draw it. Its place is fixed then: reading on moves the read mark, not
 * the line. Messages that arrive while the reader watches the bottom of a visible page make no
 * line, nor count on one; those that arrive while the tab is in the background or the reader is
 * scrolled up do, above the first of them. It goes once the reader writes in the room (here, or
 * on another device: then what the partner said after that gets the line). No line while its
 * message is on a page not loaded yet; `older` then asks for those pages, up to UNREAD_REACH rows.
 */
export function useUnreadLine(args: Args) {
  const { roomId, meId, messages, ready, complete, atBottom } = args
  const receipts = useQuery({ ...receiptsQuery(meId), enabled: !!meId })
  const [base, setBase] = useState<Base | null>(null)
  const newest = messages.at(-1)?.seq ?? null
  let next = base?.roomId === roomId ? base : null
  if (!next && ready && serverReadKnown(roomId, receipts)) {
    const own = receipts.data?.own[roomId]
    const seq = readSoFar(roomId, own, firstLoadOf(roomId, 'receipts')?.own[roomId])
    // What is unread at the opening is the line's, not news that arrived while watching.
    next = { roomId, seq, upTo: newest, pending: true, openedAt: Date.now() }
  }
  if (!next) return NONE
  // Adjusting state while rendering (React's pattern for it): the same inputs give the same base.
  const watching = atBottom && !document.hidden
  let found = lineAfter(next, args)
  const arrived = found.first && !next.pending
  if (found.answeredBy || (watching && newest !== next.seq && (next.seq === null || arrived))) {
    const lastOwn = messages.findLast(
      (m) => m.senderId === meId && m.kind === 'user' && !isResent(m.clientId),
    )
    const seq = found.answeredBy === 'stored' && !watching ? lastOwn!.seq : newest
    next = { ...next, seq, upTo: newest }
    found = lineAfter(next, args)
  }
  next = { ...next, pending: !!found.first, upTo: watching ? next.upTo : newest }
  if (!base || !same(base, next)) setBase(next)
  const { first } = found
  if (!first) return NONE
  // The first unread message may be on a page not in yet: the room asks for older pages
  // (within reach) before it opens at the line.
  if (!complete && messages[0]!.seq > next.seq! + 1)
    return { line: null, older: newest! - next.seq! <= UNREAD_REACH }
  const counted = messages.filter((m) => m.seq <= (next.upTo ?? m.seq))
  const label = unreadLineLabel(countUnread(counted, next.seq!, meId))
  return { line: { before: first.$id, label }, older: false }
}

/**
 * The server's read position is in, or is not coming soon (offline, failed, no query): a line
 * placed from this device's mark alone while it is on its way would open a room read on another
 * device pages up, at messages already read, and fetch those pages.
 */
function serverReadKnown(roomId: string, receipts: { data?: Receipts; fetchStatus: string }) {
  if (firstLoadOf(roomId, 'receipts')) return true
  return receipts.data !== undefined || receipts.fetchStatus !== 'fetching'
}

// How far back (in rows) a room opening reads to reach its first unread message (5 or 6 pages).
const UNREAD_REACH = 500
const NONE = { line: null, older: false }

/**
 * The first message from the partner after the base, and whether the reader has written since
 * it: a stored message of theirs after it (from any device; not one written on an earlier visit
 * and only sent now, outbox.ts), or one on its way, sent from here since the room opened (not one
 * restored from an earlier visit, nor one that failed).
 */
function lineAfter(base: Base, { messages, items, meId }: Args) {
  const { seq } = base
  const first =
    seq === null ? undefined : messages.find((m) => m.seq > seq && awaitsReading(m, meId))
  if (!first) return { first, answeredBy: null }
  const own = (i: { senderId: string; kind: string }) => i.senderId === meId && i.kind === 'user'
  const answeredBy = messages.some((m) => m.seq > first.seq && own(m) && !isResent(m.clientId))
    ? ('stored' as const)
    : items.some((i) => i.seq === null && own(i) && i.state === 'sending' && +i.at >= base.openedAt)
      ? ('pending' as const)
      : null
  return { first, answeredBy }
}

/**
 * Opens the room at its unread line when the newest rows would leave it above the view: the
 * line at the top, the first unread message under it. Once per opening of the room (the line
 * read as it is then), before its first frame is painted: a long room's window holds the line
 * only after a reveal, made in that frame's animation callback. Placing is idempotent, so
 * React's development double run of the effects (whose second pass scrolls the list to the
 * bottom again first) ends at the line too.
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

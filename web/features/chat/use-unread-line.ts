import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
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
}

/**
 * What this reader had read of the room: this device's mark or the server's (as the receipts
 * read, or as the page's first load brought it), whichever is newest; null when none is known.
 */
function readSoFar(roomId: string, ...marks: (number | null | undefined)[]) {
  const known = [readState.lastRead[roomId], ...marks].filter((m): m is number => m != null)
  return known.length ? Math.max(...known) : null
}

/**
 * The line above the first message the reader had not read when the room opened ("3 new
 * messages"), as messengers draw it. Its place is fixed then: reading on moves the read mark, not
 * the line. Back from another tab, with no line yet, it marks what came while away. It goes once
 * the reader writes in the room. Null also while its message is on a page not loaded yet.
 */
export function useUnreadLine({ roomId, meId, messages, items, ready, complete }: Args) {
  const queryClient = useQueryClient()
  const [base, setBase] = useState<{ roomId: string; seq: number | null } | null>(null)
  let current = base?.roomId === roomId ? base : null
  if (!current && ready) {
    const own = queryClient.getQueryData<Receipts>(receiptsKey(meId))?.own[roomId]
    current = { roomId, seq: readSoFar(roomId, own, firstLoadReadSeq(roomId)) }
    setBase(current)
  }
  const seq = current?.seq ?? null
  const first =
    seq === null ? undefined : messages.find((m) => m.seq > seq && awaitsReading(m, meId))
  const line: UnreadLine | null =
    first && (complete || messages[0]!.seq <= seq!)
      ? { before: first.$id, label: unreadLineLabel(countUnread(messages, seq!, meId)) }
      : null
  const at = line ? items.findIndex((i) => i.key === line.before) : -1
  const answered =
    at >= 0 && items.some((i, n) => n > at && i.senderId === meId && i.kind === 'user')

  // The read mark does not move while the page is hidden: as it stood then, it is where what
  // came meanwhile begins.
  const hiddenAt = useRef<number | undefined>(undefined)
  const hasLine = !!line && !answered
  useEffect(() => {
    const onChange = () => {
      if (document.hidden) return void (hiddenAt.current = readState.lastRead[roomId])
      const seq = hiddenAt.current
      hiddenAt.current = undefined
      if (!hasLine && seq !== undefined) setBase({ roomId, seq })
    }
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [roomId, hasLine])

  return hasLine ? line : null
}

/**
 * Opens the room at its unread line when the newest rows would leave it above the view: the
 * line at the top, the first unread message under it. Once per opening of the room (the line
 * read as it is then), before its first frame; a long room's window holds the line only after a
 * reveal, a frame on. Placing is idempotent, so React's development double run of the effects
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

import { MESSAGE_GAP_MINUTES } from './constants'
import { formatDate } from './date-format'

export type TimelineEntry<M> =
  | { type: 'day'; key: string; label: string }
  | { type: 'gap'; key: string; label: string }
  | { type: 'unread'; key: string; label: string }
  | { type: 'message'; key: string; message: M; time: string; datetime: string; continued: boolean }

type Dated = { key: string; at: Date; author: string }

type Stamp = { day: number; time: string; datetime: string }

// Per Date object (a row's stays the same while it is loaded): the list is rebuilt on every
// message, and formatting and comparing every row's date again was its largest cost.
const stamps = new WeakMap<Date, Stamp>()

function stampOf(at: Date): Stamp {
  let stamp = stamps.get(at)
  if (!stamp) {
    const day = at.getFullYear() * 10_000 + at.getMonth() * 100 + at.getDate()
    stamp = { day, time: formatDate(at, 'messageTime'), datetime: fullDateTime(at) }
    stamps.set(at, stamp)
  }
  return stamp
}

/** Where the reader's unread messages begin: the line goes right above the message `before`. */
export type UnreadLine = { before: string; label: string }

export const UNREAD_LINE_KEY = 'unread-line'
/** A room opened at its unread line shows this much above it. */
export const UNREAD_LINE_MARGIN_PX = 8
/** The line's words; the Worker's drawing spells them the same way (worker/first-paint/). */
export const unreadLineLabel = (n: number) => `${n} new message${n === 1 ? '' : 's'}`

/**
 * Interleaves day dividers ("EEEE, MMMM d, yyyy"), a divider after every gap of 15 minutes or
 * more between consecutive messages and, when given, the line above the first unread message.
 * `continued` marks a message by the same author as the previous one with no divider between,
 * so the UI can group them.
 */
export function buildTimeline<M>(
  messages: readonly M[],
  date: (m: M) => Dated,
  unread?: UnreadLine | null,
): TimelineEntry<M>[] {
  const out: TimelineEntry<M>[] = []
  let prev: (Dated & Stamp) | null = null
  for (const message of messages) {
    const dated = date(message)
    const cur = { ...dated, ...stampOf(dated.at) }
    let divided = false
    if (!prev || prev.day !== cur.day) {
      out.push({
        type: 'day',
        key: `day-${cur.key}`,
        label: formatDate(cur.at, 'dayDivider'),
      })
      divided = true
    } else if (Math.trunc((cur.at.getTime() - prev.at.getTime()) / 60_000) >= MESSAGE_GAP_MINUTES) {
      out.push({
        type: 'gap',
        key: `gap-${cur.key}`,
        label: cur.time,
      })
      divided = true
    }
    if (cur.key === unread?.before) {
      out.push({ type: 'unread', key: UNREAD_LINE_KEY, label: unread.label })
      divided = true
    }
    out.push({
      type: 'message',
      key: cur.key,
      message,
      time: cur.time,
      datetime: cur.datetime,
      continued: !divided && prev?.author === cur.author,
    })
    prev = cur
  }
  return out
}

/** The spec's full date and time ("MMMM d, yyyy hh:mm:ss aa"), e.g. for a time's tooltip. */
export const fullDateTime = (at: Date) => formatDate(at, 'datetime')

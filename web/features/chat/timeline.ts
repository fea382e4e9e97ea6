import { differenceInMinutes, isSameDay } from 'date-fns'
import { MESSAGE_GAP_MINUTES } from '../../../shared/constants'
import { formatDate } from '../../lib/date-format'

export type TimelineEntry<M> =
  | { type: 'day'; key: string; label: string }
  | { type: 'gap'; key: string; label: string }
  | { type: 'message'; key: string; message: M; time: string; datetime: string; continued: boolean }

type Dated = { key: string; at: Date; author: string }

/**
 * Interleaves day dividers ("EEEE, MMMM d, yyyy") and a divider after every gap of 15 minutes
 * or more between consecutive messages. `continued` marks a message by the same author as the
 * previous one with no divider between, so the UI can group them.
 */
export function buildTimeline<M>(
  messages: readonly M[],
  date: (m: M) => Dated,
): TimelineEntry<M>[] {
  const out: TimelineEntry<M>[] = []
  let prev: Dated | null = null
  for (const message of messages) {
    const cur = date(message)
    let divided = false
    if (!prev || !isSameDay(prev.at, cur.at)) {
      out.push({
        type: 'day',
        key: `day-${cur.key}`,
        label: formatDate(cur.at, 'dayDivider'),
      })
      divided = true
    } else if (differenceInMinutes(cur.at, prev.at) >= MESSAGE_GAP_MINUTES) {
      out.push({
        type: 'gap',
        key: `gap-${cur.key}`,
        label: formatDate(cur.at, 'messageTime'),
      })
      divided = true
    }
    out.push({
      type: 'message',
      key: cur.key,
      message,
      time: formatDate(cur.at, 'messageTime'),
      datetime: fullDateTime(cur.at),
      continued: !divided && prev?.author === cur.author,
    })
    prev = cur
  }
  return out
}

/** The spec's full date and time ("MMMM d, yyyy hh:mm:ss aa"), e.g. for a time's tooltip. */
export const fullDateTime = (at: Date) => formatDate(at, 'datetime')

import { isSameDay } from 'date-fns'
import { TYPING_EXPIRE_MS } from '../../../shared/constants'
import { formatDate } from '../../../shared/date-format'
import type { Status } from '../../../shared/schemas'
import { type Presence } from '../../../shared/presence-label'

export { presenceOf, PRESENCE_LABELS, type Presence } from '../../../shared/presence-label'

/**
 * "last seen 5 minutes ago" today, "last seen April 29, 2024" before (the spec's date format);
 * nothing while online or when never seen.
 */
export function lastSeenText(
  status: Pick<Status, 'lastSeenAt'> | null,
  presence: Presence,
  now = new Date(),
) {
  const at = lastSeenAt(status, presence)
  return at ? `last seen ${since(at, now)}` : ''
}

/** "just now", "5 minutes ago" today, "April 29, 2024" before (the spec's date format). */
export function since(at: Date, now = new Date()) {
  if (!isSameDay(at, now) && at < now) return formatDate(at, 'date')
  return now.getTime() - at.getTime() < 60_000 ? 'just now' : ago(at, now)
}

// The browser's own wording ("5 minutes ago"), with date-fns' strict units and rounding, so the
// room's first load carries no distance formatter: this text shows for sharing partners only.
const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
const UNITS = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
] as const

function ago(at: Date, now: Date) {
  let value = (at.getTime() - now.getTime()) / 1000
  for (const [unit, next] of UNITS) {
    if (Math.abs(value) < next) return RELATIVE.format(Math.round(value), unit)
    value /= next
  }
  return RELATIVE.format(Math.round(value), 'year')
}

/** When the partner was last seen, unless online or never. */
export function lastSeenAt(status: Pick<Status, 'lastSeenAt'> | null, presence: Presence) {
  if (presence === 'online' || !status?.lastSeenAt) return null
  const at = new Date(status.lastSeenAt)
  return Number.isNaN(at.getTime()) ? null : at
}

/**
 * The chatee is typing in this room: a typing flag is trusted for 10 s after it was set (a
 * closed tab never clears it) and is dropped once their message arrives. Rows from before
 * `typingAt` existed fall back to their last update.
 */
export function isTypingIn(
  status: Pick<Status, 'isTyping' | 'typingRoomId'> & {
    typingAt?: string | null
    $updatedAt?: string
  },
  roomId: string,
  now: number,
  lastMessageAt?: number,
): boolean {
  if (!status.isTyping) return false
  if (status.typingRoomId && status.typingRoomId !== roomId) return false
  const at = status.typingAt ?? status.$updatedAt
  const since = at ? new Date(at).getTime() : 0
  if (lastMessageAt !== undefined && lastMessageAt >= since) return false
  return now - since < TYPING_EXPIRE_MS
}

/** What the partner is seen doing while their flag holds: typing, or recording a voice message. */
export const typingWords = (status: { typingKind?: string | null }) =>
  status.typingKind === 'voice' ? 'recording a voice message…' : 'typing…'

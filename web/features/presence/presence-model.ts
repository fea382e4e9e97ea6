import { formatDistanceStrict } from 'date-fns'
import { TYPING_EXPIRE_MS } from '../../../shared/constants'
import type { Status } from '../../../shared/schemas'

export type Presence = 'online' | 'away' | 'offline'

/** Online, away (tab hidden) or offline; older rows without `presence` follow isOnline. */
export function presenceOf(status: Pick<Status, 'isOnline' | 'presence'> | null): Presence {
  if (!status) return 'offline'
  if (status.presence) return status.presence
  return status.isOnline ? 'online' : 'offline'
}

export const PRESENCE_LABELS: Record<Presence, string> = {
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
}

/** "last seen 5 minutes ago"; nothing while online or when never seen. */
export function lastSeenText(
  status: Pick<Status, 'lastSeenAt'> | null,
  presence: Presence,
  now = new Date(),
) {
  if (presence === 'online' || !status?.lastSeenAt) return ''
  const at = new Date(status.lastSeenAt)
  if (Number.isNaN(at.getTime())) return ''
  if (now.getTime() - at.getTime() < 60_000) return 'last seen just now'
  return `last seen ${formatDistanceStrict(at, now, { addSuffix: true })}`
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

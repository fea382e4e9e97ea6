// What a status row says of its person, for the SPA's header and the Worker's first paint. Apart
// from shared/presence.ts, which the sign-in screen's first script holds: this is a room's only.

export type Presence = 'online' | 'away' | 'offline'

/** Online, away (tab hidden) or offline; older rows without `presence` follow isOnline. */
export function presenceOf(
  status: { isOnline?: boolean | null; presence?: Presence | null } | null,
): Presence {
  if (!status) return 'offline'
  if (status.presence) return status.presence
  return status.isOnline ? 'online' : 'offline'
}

export const PRESENCE_LABELS: Record<Presence, string> = {
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
}

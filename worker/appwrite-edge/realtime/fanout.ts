// Delivery of one event to the sockets allowed to see it, and role refreshes around it.
import { GUEST_ROLES, userRoles } from '../auth/roles'
import type { EdgeEvent } from '../context'
import type { SessionRecord, UserRecord } from '../db/records'
import type { Sql } from '../db/sql'
import { isoNow } from '../db/sql'
import { channelVisibleTo } from './channels'
import type { Conn } from './connection'
import { eventFrame, type EventData } from './protocol'
import { matches } from './queries'

/** Sends one `event` frame per socket, listing only the subscriptions that matched there. */
export function deliver(conns: Conn[], event: EdgeEvent): number {
  const data: EventData = {
    events: event.events,
    channels: event.channels,
    timestamp: isoNow(),
    payload: event.payload,
  }
  const anyone = event.roles.includes('any')
  const allowed = new Set(event.roles)
  let sent = 0
  for (const conn of conns) {
    const { roles, userId } = conn.state
    if (!anyone && !roles.some((r) => allowed.has(r))) continue
    const matched: string[] = []
    for (const [id, sub] of conn.subscriptions()) {
      const onChannel = event.channels.some(
        (ch) => sub.channels.has(ch) && channelVisibleTo(ch, userId),
      )
      if (onChannel && matches(sub.queries, event.payload)) matched.push(id)
    }
    if (!matched.length) continue
    try {
      conn.ws.send(eventFrame(data, matched))
      sent++
    } catch {
      // The socket is closing; its close handler cleans up.
    }
  }
  return sent
}

/**
 * Recomputes the roles of a user's sockets from storage (memberships, labels, verification), and
 * demotes a socket to guest when its session ended or the user is gone or blocked.
 */
export function refreshUser(sql: Sql, conns: Conn[], userId: string): void {
  const mine = conns.filter((c) => c.state.userId === userId)
  if (!mine.length) return
  const user = sql.one<UserRecord>('SELECT * FROM users WHERE id = ?', userId)
  const roles = user && user.status ? userRoles(sql, user) : undefined
  for (const conn of mine) {
    const session =
      roles &&
      sql.one<SessionRecord>(
        'SELECT * FROM sessions WHERE id = ? AND user_id = ?',
        conn.state.sessionId ?? '',
        userId,
      )
    const valid = roles && session && Date.parse(session.expire) > Date.now()
    try {
      conn.commit(valid ? { roles } : { userId: null, sessionId: null, roles: GUEST_ROLES })
    } catch {
      // Roles that no longer fit the attachment: drop to guest rather than keep stale rights.
      conn.commit({ userId: null, sessionId: null, roles: GUEST_ROLES })
    }
  }
}

/** Users whose sessions or account state an event may have ended (checked after delivery). */
export function usersToRecheck(events: string[]): string[] {
  const ids = new Set<string>()
  for (const name of events) {
    const m =
      /^users\.([^.*]+)\.(?:delete|update\.status|sessions\.[^.]+\.delete)$/.exec(name) ?? undefined
    if (m) ids.add(m[1])
  }
  return [...ids]
}

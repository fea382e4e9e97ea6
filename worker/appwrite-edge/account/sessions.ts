import { randomSecret } from '../auth/crypto'
import { encodeSession, hashSecret } from '../auth/session'
import type { Edge } from '../context'
import type { SessionRecord, UserRecord } from '../db/records'
import type { Sql } from '../db/sql'
import { isoNow, uniqueId } from '../db/sql'
import { sessionModel } from '../models/session'
import { userChildEvent } from './events'
import { readGeo } from './geo'
import { touchUser } from './store'

// Sessions: a 256-bit secret from the CSPRNG, of which only the SHA-256 is stored. Lifetime is
// SESSION_DAYS (Appwrite's default is a year; we keep it shorter and configurable) and a user
// holds at most MAX_SESSIONS: opening one more ends the oldest, as Appwrite's maxSessions does.

export type OpenedSession = { record: SessionRecord; value: string }

export async function openSession(
  edge: Edge,
  user: UserRecord,
  provider: 'email' | 'server',
  geoHeader: string | null | undefined,
): Promise<OpenedSession> {
  const secret = randomSecret()
  const now = Date.now()
  const record: SessionRecord = {
    id: uniqueId(),
    user_id: user.id,
    secret_hash: await hashSecret(secret),
    provider,
    provider_uid: provider === 'email' ? user.email : '',
    ip: edge.ip,
    user_agent: edge.userAgent,
    country_code: readGeo(geoHeader).countryCode.toLowerCase(),
    factors: JSON.stringify(provider === 'email' ? ['password'] : ['server']),
    created_at: isoNow(now),
    updated_at: isoNow(now),
    expire: isoNow(now + edge.config.SESSION_DAYS * 86_400_000),
  }
  edge.sql.run(
    `INSERT INTO sessions (id, user_id, secret_hash, provider, provider_uid, ip, user_agent,
       country_code, factors, created_at, updated_at, expire)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    record.id,
    record.user_id,
    record.secret_hash,
    record.provider,
    record.provider_uid,
    record.ip,
    record.user_agent,
    record.country_code,
    record.factors,
    record.created_at,
    record.updated_at,
    record.expire,
  )
  touchUser(edge.sql, user)
  edge.publish(
    userChildEvent(user.id, 'sessions', record.id, 'create', sessionModel(record, record.id)),
  )
  // Over the cap: the oldest go. Their delete events make realtime drop those sockets' rights.
  const evicted = edge.sql.all<SessionRecord>(
    'SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?',
    user.id,
    edge.config.MAX_SESSIONS,
  )
  endSessions(edge, evicted)
  return { record, value: encodeSession(user.id, secret) }
}

/** A user's live sessions, oldest first (Appwrite's order); expired ones are removed. */
export function liveSessions(sql: Sql, userId: string): SessionRecord[] {
  sql.run('DELETE FROM sessions WHERE user_id = ? AND expire <= ?', userId, isoNow())
  return sql.all<SessionRecord>(
    'SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at, rowid',
    userId,
  )
}

/** Deletes sessions and announces each (users.U.sessions.S.delete), as Appwrite does. */
export function endSessions(edge: Edge, sessions: SessionRecord[]): void {
  for (const s of sessions) {
    edge.sql.run('DELETE FROM sessions WHERE id = ?', s.id)
    edge.publish(userChildEvent(s.user_id, 'sessions', s.id, 'delete', sessionModel(s, undefined)))
  }
}

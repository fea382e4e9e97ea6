import { randomSecret, timingSafeEqual } from '../auth/crypto'
import { hashSecret } from '../auth/session'
import type { Sql } from '../db/sql'
import { isoNow, uniqueId } from '../db/sql'
import type { TokenRecord } from '../models/token'

// Single-use secrets sent by mail (Appwrite's TOKEN_EXPIRATION_CONFIRM / _RECOVERY: one hour).
// Only the SHA-256 of a secret is stored; a used token is deleted with its siblings of that kind.
// Invitations are `invite:<membershipId>`, so each pending invitation has its own secret.
export type TokenKind = 'verification' | 'recovery' | `invite:${string}`
export const TOKEN_SECONDS = 3600

export async function issueToken(sql: Sql, userId: string, kind: TokenKind) {
  const secret = randomSecret()
  const now = Date.now()
  const record: TokenRecord = {
    id: uniqueId(),
    user_id: userId,
    kind,
    secret_hash: await hashSecret(secret),
    created_at: isoNow(now),
    expire: isoNow(now + TOKEN_SECONDS * 1000),
  }
  sql.run('DELETE FROM tokens WHERE user_id = ? AND expire <= ?', userId, isoNow(now))
  sql.run(
    'INSERT INTO tokens (id, user_id, kind, secret_hash, created_at, expire) VALUES (?, ?, ?, ?, ?, ?)',
    record.id,
    record.user_id,
    record.kind,
    record.secret_hash,
    record.created_at,
    record.expire,
  )
  return { record, secret }
}

/** The unexpired token of that kind matching `secret`, consumed; undefined when none matches. */
export async function redeemToken(
  sql: Sql,
  userId: string,
  kind: TokenKind,
  secret: string,
): Promise<TokenRecord | undefined> {
  const hash = await hashSecret(secret)
  const candidates = sql.all<TokenRecord>(
    'SELECT * FROM tokens WHERE user_id = ? AND kind = ?',
    userId,
    kind,
  )
  const match = candidates.find(
    (t) => timingSafeEqual(t.secret_hash, hash) && Date.parse(t.expire) > Date.now(),
  )
  if (match) sql.run('DELETE FROM tokens WHERE user_id = ? AND kind = ?', userId, kind)
  return match
}

import { randomSecret, timingSafeEqual } from '../auth/crypto'
import { hashSecret } from '../auth/session'
import type { Sql } from '../db/sql'
import { isoNow, uniqueId } from '../db/sql'
import type { TokenRecord } from '../models/token'
import { P } from './params'

// Single-use secrets sent by mail (Appwrite's TOKEN_EXPIRATION_CONFIRM / _RECOVERY: one hour).
// Only the SHA-256 of a secret is stored; a used token is deleted with its siblings of that kind.
// Invitations are `invite:<membershipId>`, so each pending invitation has its own secret.
export type TokenKind = 'verification' | 'recovery' | `invite:${string}`
export const TOKEN_SECONDS = 3600

/** The params that confirm a mailed token (verification, recovery). */
export const TOKEN_CONFIRM = { userId: P.uid(), secret: P.text(256, 1) }

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

/** The unexpired token of that kind matching `secret`, left in place; undefined when none does. */
export async function findToken(
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
  return candidates.find(
    (t) => timingSafeEqual(t.secret_hash, hash) && Date.parse(t.expire) > Date.now(),
  )
}

/** The matching token (see findToken), consumed with its siblings of that kind. */
export async function redeemToken(
  sql: Sql,
  userId: string,
  kind: TokenKind,
  secret: string,
): Promise<TokenRecord | undefined> {
  const match = await findToken(sql, userId, kind, secret)
  if (match) sql.run('DELETE FROM tokens WHERE user_id = ? AND kind = ?', userId, kind)
  return match
}

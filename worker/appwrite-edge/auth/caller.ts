import { parse } from 'hono/utils/cookie'
import type { Config } from '../../config'
import { fail } from '../errors'
import type { SessionRecord, UserRecord } from '../db/records'
import type { Sql } from '../db/sql'
import { timingSafeEqual } from './crypto'
import { verifyJwt } from './jwt'
import { GUEST_ROLES, userRoles } from './roles'
import { cookieName, decodeSession, hashSecret } from './session'

export type Caller =
  | { kind: 'guest'; roles: string[] }
  | { kind: 'key'; roles: string[] }
  | {
      kind: 'user'
      user: UserRecord
      session: SessionRecord
      roles: string[]
      via: 'session' | 'jwt'
    }

/** The server's API key: every right, as Appwrite's key with all scopes. */
export const keyCaller = (): Caller => ({ kind: 'key', roles: ['any'] })

/** Looks up an unexpired session by the secret of an encoded session value. */
export async function sessionFromValue(sql: Sql, value: string | undefined) {
  const decoded = decodeSession(value)
  if (!decoded) return undefined
  const session = sql.one<SessionRecord>(
    'SELECT * FROM sessions WHERE secret_hash = ? AND user_id = ?',
    await hashSecret(decoded.secret),
    decoded.id,
  )
  return session && Date.parse(session.expire) > Date.now() ? session : undefined
}

function fallbackCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  try {
    const v = (JSON.parse(header) as Record<string, unknown>)[name]
    return typeof v === 'string' ? v : undefined
  } catch {
    return undefined
  }
}

/** The encoded session a request carries: cookie, X-Appwrite-Session or X-Fallback-Cookies. */
export function sessionValue(req: Request, projectId: string): string | undefined {
  const name = cookieName(projectId)
  return (
    parse(req.headers.get('cookie') ?? '', name)[name] ||
    req.headers.get('x-appwrite-session') ||
    fallbackCookie(req.headers.get('x-fallback-cookies'), name)
  )
}

/**
 * Who is calling, in Appwrite's lookup order: API key; cookie, X-Appwrite-Session or
 * X-Fallback-Cookies; then a JWT. A stale or forged session is a guest, as in Appwrite; a bad JWT
 * or key is an error.
 */
export async function resolveCaller(req: Request, sql: Sql, config: Config): Promise<Caller> {
  const key = req.headers.get('x-appwrite-key')
  if (key) {
    if (!timingSafeEqual(key, config.EMBEDDED_API_KEY)) fail('user_unauthorized')
    return keyCaller()
  }
  const session = await sessionFromValue(sql, sessionValue(req, config.APPWRITE_PROJECT_ID))
  const jwt = req.headers.get('x-appwrite-jwt') ?? new URL(req.url).searchParams.get('jwt')
  if (jwt) {
    if (session) fail('user_jwt_and_cookie_set')
    const payload = await verifyJwt(jwt, config.AUTH_SECRET)
    const jwtSession =
      payload &&
      sql.one<SessionRecord>(
        'SELECT * FROM sessions WHERE id = ? AND user_id = ?',
        payload.sessionId,
        payload.userId,
      )
    if (!jwtSession || Date.parse(jwtSession.expire) <= Date.now()) fail('user_jwt_invalid')
    return withUser(sql, jwtSession, 'jwt')
  }
  return session ? withUser(sql, session, 'session') : { kind: 'guest', roles: GUEST_ROLES }
}

/** The user's fields a caller check answers with (batch.ts): no password hash, prefs or labels. */
export type JwtUser = Pick<UserRecord, 'id' | 'name' | 'email' | 'email_verification' | 'status'>

/**
 * The user behind a JWT as resolveCaller checks it (signature, open session, not blocked), for a
 * caller check whose reads are the server's: no roles, session and user in one query. A session
 * whose user is gone finds no row and is refused as a stale one (401 either way). `beforeLookup`
 * runs between the signature and the session lookup (a write's group turn, db/commit-group.ts),
 * so the session is read in the same turn as what the caller then writes.
 */
export async function jwtUser(
  sql: Sql,
  config: Config,
  jwt: string,
  beforeLookup?: () => Promise<void>,
): Promise<JwtUser> {
  const payload = await verifyJwt(jwt, config.AUTH_SECRET)
  if (payload && beforeLookup) await beforeLookup()
  const found =
    payload &&
    sql.one<JwtUser & { session_expire: string }>(
      `SELECT users.id, users.name, users.email, users.email_verification, users.status,
       sessions.expire AS session_expire FROM sessions
       JOIN users ON users.id = sessions.user_id WHERE sessions.id = ? AND sessions.user_id = ?`,
      payload.sessionId,
      payload.userId,
    )
  if (!found || Date.parse(found.session_expire) <= Date.now()) fail('user_jwt_invalid')
  if (!found.status) fail('user_blocked')
  return found
}

function withUser(sql: Sql, session: SessionRecord, via: 'session' | 'jwt'): Caller {
  const user = sql.one<UserRecord>('SELECT * FROM users WHERE id = ?', session.user_id)
  if (!user) return { kind: 'guest', roles: GUEST_ROLES }
  if (!user.status) fail('user_blocked')
  return { kind: 'user', user, session, roles: userRoles(sql, user), via }
}

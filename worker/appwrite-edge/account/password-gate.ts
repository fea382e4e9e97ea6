import type { Config } from '../../config'
import { resolveCaller } from '../auth/caller'
import { parseHash } from '../auth/password'
import type { Sql } from '../db/sql'
import { AppwriteException, fail, type ErrorType } from '../errors'
import { missingScope } from './guard'
import { parseParams } from './params'
import { assertAllowlisted, REGISTRATION } from './registration'
import { findUser, getUser } from './store'
import { attemptKeys } from './known-device'
import { ACTION_LIMITS, assertLoginAllowed, rateLimit } from './throttle'
import { findToken, TOKEN_CONFIRM } from './tokens'

// The Durable Object's cheap checks before the Worker hashes a new password (RPC). A PBKDF2 at
// 100,000 iterations costs tens of milliseconds of CPU, so nobody gets one for free: each route's
// own refusals (key, session, allowlist, token, limits) come first, with the same errors the
// route itself would answer. Only the Worker can set the hash header, so every request that
// reaches a route with a new password has passed here.

export type PasswordRoute =
  | { kind: 'signup' } // POST /account
  | { kind: 'change' } // PATCH /account/password
  | { kind: 'recovery' } // PUT /account/recovery
  | { kind: 'user-create' } // POST /users
  | { kind: 'user-password'; userId: string } // PATCH /users/{userId}/password

export type GateRequest = {
  route: PasswordRoute
  params: Record<string, unknown>
  /** The request's credentials headers (cookie, key, session, JWT). */
  auth: Record<string, string>
  ip: string
}

export type GateAnswer =
  | { refused: { type: ErrorType; message: string } }
  /** For a password change: the salt of the current password, to prove `oldPassword`. */
  | { oldSalt?: { salt: string; iterations: number } }

export async function passwordGate(
  sql: Sql,
  config: Config,
  req: GateRequest,
): Promise<GateAnswer> {
  try {
    return await check(sql, config, req)
  } catch (err) {
    // AppwriteException does not survive RPC as itself; the Worker rebuilds it from this.
    if (err instanceof AppwriteException)
      return { refused: { type: err.type, message: err.message } }
    throw err
  }
}

async function check(sql: Sql, config: Config, req: GateRequest): Promise<GateAnswer> {
  const { route, params, ip } = req
  const caller = await resolveCaller(
    new Request('http://edge/', { headers: req.auth }),
    sql,
    config,
  )
  switch (route.kind) {
    case 'signup':
      // Appwrite's abuse limit of POST /account: 10 an hour per IP.
      rateLimit(sql, `signup:ip:${ip}`, ACTION_LIMITS.count, ACTION_LIMITS.windowSeconds)
      assertAllowlisted(config, parseParams(params, REGISTRATION).email)
      return {}
    case 'user-create':
    case 'user-password':
      if (caller.kind !== 'key') missingScope(caller, 'users.write')
      if (route.kind === 'user-password') getUser(sql, route.userId)
      return {}
    case 'recovery': {
      const p = parseParams(params, TOKEN_CONFIRM)
      if (caller.kind !== 'key')
        rateLimit(sql, `recovery:${p.userId}`, ACTION_LIMITS.count, ACTION_LIMITS.windowSeconds)
      // An unknown user is an invalid token too (no account oracle).
      const user = findUser(sql, p.userId)
      if (!user || !(await findToken(sql, user.id, 'recovery', p.secret)))
        fail('user_invalid_token')
      return {}
    }
    case 'change': {
      if (caller.kind !== 'user') missingScope(caller, 'account')
      // The old password is checked like a login (the route counts the failure).
      const { user } = caller
      assertLoginAllowed(sql, await attemptKeys(config, req.auth.cookie, user.email, ip, user))
      const parsed = parseHash(user.password)
      return { oldSalt: parsed && { salt: parsed.salt, iterations: parsed.iterations } }
    }
  }
}

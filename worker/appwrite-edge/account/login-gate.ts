import type { Config } from '../../config'
import { resolveCaller } from '../auth/caller'
import { decoySalt, parseHash, PBKDF2_ITERATIONS } from '../auth/password'
import type { Sql } from '../db/sql'
import { findUserByEmail } from './store'
import { loginKeys, loginThrottled } from './throttle'

// The Durable Object's answers to the Worker before it hashes a password (RPC). They run before
// the expensive PBKDF2 so a throttled login costs the Worker nothing.

export type SaltAnswer = { salt: string; iterations: number } | { throttled: true }

/**
 * The stored salt of this email, or a stable decoy for an unknown one, so both cost the same
 * hash; `throttled` when the account or the IP reached the failed-login limit.
 */
export async function loginSalt(
  sql: Sql,
  config: Config,
  email: string,
  ip: string,
): Promise<SaltAnswer> {
  const normalized = email.trim().toLowerCase()
  if (loginThrottled(sql, await loginKeys(normalized, ip))) return { throttled: true }
  const user = findUserByEmail(sql, normalized)
  const parsed = user && parseHash(user.password)
  if (parsed) return { salt: parsed.salt, iterations: parsed.iterations }
  return { salt: await decoySalt(normalized, config.AUTH_SECRET), iterations: PBKDF2_ITERATIONS }
}

/** The credentials headers of a request, as the Worker forwards them for callerSalt. */
export const AUTH_HEADERS = ['cookie', 'x-appwrite-session', 'x-fallback-cookies', 'x-appwrite-jwt']

/**
 * For PATCH /account/password: the salt of the signed-in caller's current password, so the
 * Worker can turn `oldPassword` into a proof. Undefined for anyone else (the route refuses them).
 */
export async function callerSalt(
  sql: Sql,
  config: Config,
  headers: Record<string, string>,
): Promise<{ salt: string; iterations: number } | undefined> {
  try {
    const caller = await resolveCaller(new Request('http://edge/', { headers }), sql, config)
    const parsed = caller.kind === 'user' ? parseHash(caller.user.password) : undefined
    return parsed && { salt: parsed.salt, iterations: parsed.iterations }
  } catch {
    return undefined
  }
}

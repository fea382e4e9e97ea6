import type { Config } from '../../config'
import { decoySalt, parseHash, PBKDF2_ITERATIONS } from '../auth/password'
import type { Sql } from '../db/sql'
import { findUserByEmail } from './store'
import { attemptKeys } from './known-device'
import { loginWait } from './throttle'

// The Durable Object's answer to the Worker before it hashes a login's password (RPC). It runs
// before the expensive PBKDF2 so a throttled login costs the Worker nothing.

export type SaltAnswer = { salt: string; iterations: number } | { throttled: number }

/**
 * The stored salt of this email, or a stable decoy for an unknown one, so both cost the same
 * hash; `throttled` (seconds to wait) when this device, the account or the IP reached its
 * failed-login limit.
 */
export async function loginSalt(
  sql: Sql,
  config: Config,
  req: { email: string; ip: string; cookie?: string },
): Promise<SaltAnswer> {
  const normalized = req.email.trim().toLowerCase()
  const user = findUserByEmail(sql, normalized)
  const wait = loginWait(sql, await attemptKeys(config, req.cookie, normalized, req.ip, user))
  if (wait > 0) return { throttled: wait }
  const parsed = user && parseHash(user.password)
  if (parsed) return { salt: parsed.salt, iterations: parsed.iterations }
  return {
    salt: await decoySalt(normalized, config.PASSWORD_PEPPER),
    iterations: PBKDF2_ITERATIONS,
  }
}

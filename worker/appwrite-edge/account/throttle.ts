import { sha256Hex } from '../auth/crypto'
import type { Sql } from '../db/sql'
import { fail, throttled } from '../errors'

// Fixed-window counters in the `throttle` table (exact, unlike the rate-limit binding, which is
// per location and approximate).
//
// Login throttling counts FAILED logins (OWASP's device-cookie pattern, so that a lockout cannot
// lock the real user out; see account/known-device.ts):
//   - per known device: a browser that signed in to this account before carries a signed device
//     cookie; its failures count on their own, 10 per 15 minutes, then that device waits.
//   - per account for unknown devices (the lower-cased email, known or not, so a miss looks like
//     a hit): 10 failures per 15 minutes, at most 40 an hour, inside ASVS 2.2.1 (≤ 100 an hour).
//     A stranger who exhausts it locks out unknown devices only.
//   - per client IP: 50 failures per 15 minutes, against one IP trying many accounts.
// At the limit the next attempt answers 429 general_rate_limit_exceeded with Retry-After, before
// any hashing. A success clears the counter it was checked against (Appwrite resets its
// email-keyed limit on 201); the IP counter is left to expire, so one valid account cannot wash
// out guesses at others.
export const LOGIN_LIMITS = {
  perDevice: 10,
  perAccount: 10,
  perIp: 50,
  windowSeconds: 15 * 60,
} as const

// Appwrite's limits for sign-up (per IP) and the mail-sending and token routes (SPEC
// x-appwrite rate-limit): 10 an hour.
export const ACTION_LIMITS = { count: 10, windowSeconds: 3600 } as const

type Counter = { count: number; reset_at: number }

const counter = (sql: Sql, key: string, now: number): Counter | undefined => {
  const row = sql.one<Counter>('SELECT count, reset_at FROM throttle WHERE key = ?', key)
  return row && row.reset_at > now ? row : undefined
}

const current = (sql: Sql, key: string, now: number) => counter(sql, key, now)?.count ?? 0

/** Adds one to a counter (opening a new window when the last one ended); returns the count. */
export function hit(sql: Sql, key: string, windowSeconds: number, now = Date.now()): number {
  // Expired windows of any key are dropped here, which keeps the table small.
  sql.run('DELETE FROM throttle WHERE reset_at <= ?', now)
  sql.run(
    `INSERT INTO throttle (key, count, reset_at) VALUES (?, 1, ?)
     ON CONFLICT(key) DO UPDATE SET count = count + 1`,
    key,
    now + windowSeconds * 1000,
  )
  return current(sql, key, now)
}

export const clearCounter = (sql: Sql, key: string) =>
  sql.run('DELETE FROM throttle WHERE key = ?', key)

/** For rate-limited actions: counts this attempt, 429 once more than `limit` were made. */
export function rateLimit(sql: Sql, key: string, limit: number, windowSeconds: number): void {
  if (hit(sql, key, windowSeconds) > limit) fail('general_rate_limit_exceeded')
}

/** The counters of one login attempt: `device` for a known device, else `account`. */
export type LoginKeys = { account: string; ip: string; device?: string }

export async function loginKeys(email: string, ip: string, device?: string): Promise<LoginKeys> {
  return {
    account: `login:account:${await sha256Hex(email.trim().toLowerCase())}`,
    ip: `login:ip:${ip}`,
    device: device && `login:device:${device}`,
  }
}

/** The counter this attempt is held to besides the IP's, with its limit. */
const own = (keys: LoginKeys) =>
  keys.device
    ? { key: keys.device, limit: LOGIN_LIMITS.perDevice }
    : { key: keys.account, limit: LOGIN_LIMITS.perAccount }

/** Seconds until this attempt may be made (0: now). */
export function loginWait(sql: Sql, keys: LoginKeys, now = Date.now()): number {
  let until = 0
  for (const { key, limit } of [own(keys), { key: keys.ip, limit: LOGIN_LIMITS.perIp }]) {
    const c = counter(sql, key, now)
    if (c && c.count >= limit) until = Math.max(until, c.reset_at)
  }
  return until ? Math.ceil((until - now) / 1000) : 0
}

/** 429 with Retry-After while this attempt's device, account or IP is at its limit. */
export function assertLoginAllowed(sql: Sql, keys: LoginKeys): void {
  const wait = loginWait(sql, keys)
  if (wait > 0) throttled(wait)
}

export function loginFailed(sql: Sql, keys: LoginKeys): void {
  hit(sql, own(keys).key, LOGIN_LIMITS.windowSeconds)
  hit(sql, keys.ip, LOGIN_LIMITS.windowSeconds)
}

export const loginSucceeded = (sql: Sql, keys: LoginKeys) => clearCounter(sql, own(keys).key)

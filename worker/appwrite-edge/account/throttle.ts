import { sha256Hex } from '../auth/crypto'
import type { Sql } from '../db/sql'
import { fail } from '../errors'

// Fixed-window counters in the `throttle` table (exact, unlike the rate-limit binding, which is
// per location and approximate).
//
// Login throttling counts FAILED logins:
//   - per account (the lower-cased email, known or not, so a miss looks like a hit):
//     10 failures per 15 minutes. Well inside ASVS 2.2.1 (≤ 100 per hour per account), and the
//     window is short, so an attacker cannot lock the real user out for long.
//   - per client IP: 50 failures per 15 minutes, against one IP trying many accounts.
// At the limit the next attempt answers 429 general_rate_limit_exceeded, before any hashing.
// A successful login clears the account counter (Appwrite resets its email-keyed limit on 201);
// the IP counter is left to expire, so one valid account cannot wash out guesses at others.
export const LOGIN_LIMITS = { perAccount: 10, perIp: 50, windowSeconds: 15 * 60 } as const

// Appwrite's limits for the mail-sending and token routes (SPEC x-appwrite rate-limit).
export const ACTION_LIMITS = { count: 10, windowSeconds: 3600 } as const

type Counter = { count: number; reset_at: number }

function current(sql: Sql, key: string, now: number): number {
  const row = sql.one<Counter>('SELECT count, reset_at FROM throttle WHERE key = ?', key)
  return row && row.reset_at > now ? row.count : 0
}

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

export type LoginKeys = { account: string; ip: string }

export async function loginKeys(email: string, ip: string): Promise<LoginKeys> {
  return {
    account: `login:account:${await sha256Hex(email.trim().toLowerCase())}`,
    ip: `login:ip:${ip}`,
  }
}

export function loginThrottled(sql: Sql, keys: LoginKeys, now = Date.now()): boolean {
  return (
    current(sql, keys.account, now) >= LOGIN_LIMITS.perAccount ||
    current(sql, keys.ip, now) >= LOGIN_LIMITS.perIp
  )
}

export function loginFailed(sql: Sql, keys: LoginKeys): void {
  hit(sql, keys.account, LOGIN_LIMITS.windowSeconds)
  hit(sql, keys.ip, LOGIN_LIMITS.windowSeconds)
}

export const loginSucceeded = (sql: Sql, keys: LoginKeys) => clearCounter(sql, keys.account)

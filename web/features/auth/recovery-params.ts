import type { RecoveryParams } from './recovery'

export const RECOVERY_PATH = '/recovery'

/** The mailed link is `/recovery?userId&secret&expire`; null when userId or secret is missing. */
export function readRecoveryParams(search: string): RecoveryParams | null {
  const params = new URLSearchParams(search)
  const userId = params.get('userId')
  const secret = params.get('secret')
  return userId && secret ? { userId, secret, expire: params.get('expire') } : null
}

/** True once the link's own expiry has passed (the server checks too; this only saves a try). */
export function linkExpired(p: RecoveryParams, now = Date.now()): boolean {
  if (!p.expire) return false
  const at = Date.parse(p.expire)
  return Number.isFinite(at) && at <= now
}

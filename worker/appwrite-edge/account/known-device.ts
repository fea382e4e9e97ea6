import { parse } from 'hono/utils/cookie'
import type { Config } from '../../config'
import { hmac, randomSecret, timingSafeEqual, toBase64Url } from '../auth/crypto'
import type { UserRecord } from '../db/records'
import { loginKeys, type LoginKeys } from './throttle'

// OWASP's "device cookies" against lockout as denial of service: a successful login gives the
// browser a signed cookie naming the account and a random nonce. A login that carries a valid one
// for its account is a known device, and its failures are counted per device, so a stranger who
// exhausts the account's limit for unknown devices cannot lock the owner's browser out.
// HttpOnly and scoped to /v1/account (the login and password-change routes); one year, under
// the 400 days browsers allow. A new login replaces it (one account per browser is remembered).
export const DEVICE_COOKIE_DAYS = 365

export const deviceCookieName = (projectId: string) => `a_device_${projectId}`

const signature = async (secret: string, userId: string, nonce: string) =>
  toBase64Url(await hmac(secret, `device-cookie:${userId}:${nonce}`))

/** A fresh device cookie for a user who just signed in: `userId:nonce:HMAC`. */
export async function deviceCookie(config: Config, userId: string, secure: boolean) {
  const nonce = randomSecret().slice(0, 32)
  const value = `${userId}:${nonce}:${await signature(config.AUTH_SECRET, userId, nonce)}`
  const parts = [
    `${deviceCookieName(config.APPWRITE_PROJECT_ID)}=${value}`,
    'Path=/v1/account',
    `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

/** The nonce of the request's device cookie when it is validly signed for this user. */
async function knownDevice(config: Config, cookieHeader: string | undefined, userId: string) {
  const name = deviceCookieName(config.APPWRITE_PROJECT_ID)
  const [id, nonce, sig, ...rest] = parse(cookieHeader ?? '', name)[name]?.split(':') ?? []
  if (!id || !nonce || !sig || rest.length || id !== userId) return undefined
  const expected = await signature(config.AUTH_SECRET, userId, nonce)
  return timingSafeEqual(sig, expected) ? nonce : undefined
}

/** The throttle counters of a login attempt (or old-password check) made by this request. */
export async function attemptKeys(
  config: Config,
  cookieHeader: string | undefined,
  email: string,
  ip: string,
  user: UserRecord | undefined,
): Promise<LoginKeys> {
  const device = user ? await knownDevice(config, cookieHeader, user.id) : undefined
  return loginKeys(email, ip, device)
}

import { account } from './appwrite'
import { takeFirstLoadJwt } from './first-load'

// Appwrite JWTs live 15 minutes. Renewing 5 minutes early keeps a request from carrying one that
// expires in flight, and keeps the token valid between a hidden tab's heartbeats (at most 4 min
// apart, plus the browser's throttling), so the beacon of a tab closed while hidden still
// authenticates. Kept in memory only: a token never reaches localStorage.
const LIFETIME_MS = 15 * 60_000
const RENEW_BEFORE_MS = 5 * 60_000

let cached: { jwt: string; expiresAt: number } | null = null
let pending: Promise<string> | null = null

export async function getJwt(now = Date.now()): Promise<string> {
  // Minted by the Worker for this page load, so it is as fresh as one asked for now.
  const embedded = takeFirstLoadJwt()
  if (embedded) cached = { jwt: embedded, expiresAt: now + LIFETIME_MS }
  if (cached && cached.expiresAt - RENEW_BEFORE_MS > now) return cached.jwt
  pending ??= account
    .createJWT()
    .then(({ jwt }) => {
      cached = { jwt, expiresAt: now + LIFETIME_MS }
      return jwt
    })
    .finally(() => {
      pending = null
    })
  return pending
}

/** The cached token if still valid; used where no await is possible (page unload). */
export const peekJwt = (now = Date.now()) => (cached && cached.expiresAt > now ? cached.jwt : null)

/** Called on sign-out and when the API rejects a token (its session may have ended). */
export function clearJwt() {
  cached = null
}

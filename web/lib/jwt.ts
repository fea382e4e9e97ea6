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
// Bumped by clearJwt: a token asked for before a sign-out or a new sign-in belongs to the session
// of then, so it is neither shared with later callers nor cached when it arrives.
let generation = 0

export async function getJwt(now = Date.now()): Promise<string> {
  // Minted by the Worker for this page load, so it is as fresh as one asked for now.
  const embedded = takeFirstLoadJwt()
  if (embedded) cached = { jwt: embedded, expiresAt: now + LIFETIME_MS }
  if (cached && cached.expiresAt - RENEW_BEFORE_MS > now) return cached.jwt
  if (pending) return pending
  const asked = generation
  const minting = account
    .createJWT()
    .then(({ jwt }) => {
      if (asked === generation) cached = { jwt, expiresAt: now + LIFETIME_MS }
      return jwt
    })
    .finally(() => {
      if (pending === minting) pending = null
    })
  pending = minting
  return minting
}

/** The cached token if still valid; used where no await is possible (page unload). */
export const peekJwt = (now = Date.now()) => (cached && cached.expiresAt > now ? cached.jwt : null)

/** Called on sign-out, sign-in and when the API rejects a token (its session may have ended). */
export function clearJwt() {
  cached = null
  pending = null
  generation++
}

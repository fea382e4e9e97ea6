import type { Account } from '../state/global-state'
import { endpoint, projectId } from './backend-config'

/** Signed out, or maybe signed in: then the account the probe read, when its answer was one. */
export type SessionProbe = { signedOut: true } | { signedOut: false; account: Account | null }

/** The four fields the app keeps of a backend user, or null when the answer is not one. */
export const toAccount = (user: unknown): Account | null => {
  const u = user as Partial<Account> | null
  return u && typeof u.$id === 'string' && typeof u.email === 'string'
    ? {
        $id: u.$id,
        name: typeof u.name === 'string' ? u.name : '',
        email: u.email,
        emailVerification: u.emailVerification === true,
      }
    : null
}

/**
 * Is anybody signed in? Answered with one plain request so a visitor's sign-in screen does not
 * wait for the backend SDK. Only a clear 401 counts as "signed out"; anything else is left to
 * the SDK's full account check, which reports errors properly. A 200 is the account itself,
 * which spares the account check that same request.
 */
async function probe(): Promise<SessionProbe> {
  const headers: Record<string, string> = { 'X-Appwrite-Project': projectId }
  // Appwrite's third-party-cookie fallback, sent the way its SDK sends it.
  const fallback = localStorage.getItem('cookieFallback')
  if (fallback) headers['X-Fallback-Cookies'] = fallback
  try {
    const res = await fetch(`${endpoint}/account`, { credentials: 'include', headers })
    if (res.status === 401) return { signedOut: true }
    return { signedOut: false, account: res.ok ? toAccount(await res.json()) : null }
  } catch {
    return { signedOut: false, account: null }
  }
}

let early: Promise<SessionProbe> | null = null

/** Starts the probe before the first render, so its round trip overlaps the route chunks. */
export function startSessionProbe() {
  early ??= probe()
}

/** The early probe's answer the first time (unless `fresh`), a fresh one after that. */
export function probeSession(fresh = false): Promise<SessionProbe> {
  const answer = (!fresh && early) || probe()
  early = null
  return answer
}

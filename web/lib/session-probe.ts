import type { Account } from '../state/global-state'

/** Signed out, or maybe signed in: then the account the probe read, when its answer was one. */
export type SessionProbe = { signedOut: true } | { signedOut: false; account: Account | null }

declare global {
  interface Window {
    /** GET /account with the session, as index.html defines it (scripts/session-probe-script.ts). */
    __accountProbe: () => Promise<Response>
    /** The one index.html sent while the app's script downloaded; absent on a signed-in page. */
    __sessionProbe?: Promise<Response>
    /** Set once that request was answered: true for a 401. */
    __signedOut?: boolean
  }
}

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
async function probe(sent: Promise<Response>): Promise<SessionProbe> {
  try {
    const res = await sent
    if (res.status === 401) return { signedOut: true }
    return { signedOut: false, account: res.ok ? toAccount(await res.json()) : null }
  } catch {
    return { signedOut: false, account: null }
  }
}

/** index.html's request was answered already, with "nobody is signed in", and not yet taken. */
export const answeredSignedOut = () => !!window.__sessionProbe && window.__signedOut === true

const send = () => {
  try {
    return window.__accountProbe()
  } catch (err) {
    return Promise.reject(err)
  }
}

/**
 * The answer to the request index.html sent before the app loaded the first time (unless
 * `fresh`), a fresh one after that.
 */
export function probeSession(fresh = false): Promise<SessionProbe> {
  const early = window.__sessionProbe
  window.__sessionProbe = undefined
  return probe((!fresh && early) || send())
}

import { endpoint, projectId } from './backend-config'

export type SessionProbe = 'signed-out' | 'check'

/**
 * Is anybody signed in? Answered with one plain request so a visitor's sign-in screen does not
 * wait for the backend SDK. Only a clear 401 counts as "signed out"; anything else is left to
 * the SDK's full account check, which reports errors properly.
 */
async function probe(): Promise<SessionProbe> {
  const headers: Record<string, string> = { 'X-Appwrite-Project': projectId }
  // Appwrite's third-party-cookie fallback, sent the way its SDK sends it.
  const fallback = localStorage.getItem('cookieFallback')
  if (fallback) headers['X-Fallback-Cookies'] = fallback
  try {
    const res = await fetch(`${endpoint}/account`, { credentials: 'include', headers })
    return res.status === 401 ? 'signed-out' : 'check'
  } catch {
    return 'check'
  }
}

let early: Promise<SessionProbe> | null = null

/** Starts the probe before the first render, so its round trip overlaps the route chunks. */
export function startSessionProbe() {
  early ??= probe()
}

/** The early probe's answer the first time, a fresh one after that. */
export function probeSession(): Promise<SessionProbe> {
  const answer = early ?? probe()
  early = null
  return answer
}

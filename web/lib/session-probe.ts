import { endpoint, projectId } from './backend-config'

/**
 * Is anybody signed in? Answered with one plain request so a visitor's sign-in screen does not
 * wait for the backend SDK. Only a clear 401 counts as "signed out"; anything else is left to
 * the SDK's full account check, which reports errors properly.
 */
export async function probeSession(): Promise<'signed-out' | 'check'> {
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

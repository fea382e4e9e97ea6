import { sha256Hex } from './crypto'

/** The session value Appwrite's SDKs carry: base64(JSON {id: userId, secret}). */
export const encodeSession = (userId: string, secret: string) =>
  btoa(JSON.stringify({ id: userId, secret }))

export function decodeSession(
  value: string | undefined | null,
): { id: string; secret: string } | undefined {
  if (!value) return undefined
  try {
    const parsed = JSON.parse(atob(decodeURIComponent(value))) as { id?: unknown; secret?: unknown }
    return typeof parsed.id === 'string' && typeof parsed.secret === 'string'
      ? { id: parsed.id, secret: parsed.secret }
      : undefined
  } catch {
    return undefined
  }
}

/** Only the hash of a session or token secret is stored. */
export const hashSecret = (secret: string) => sha256Hex(secret)

export const cookieName = (projectId: string) => `a_session_${projectId}`

/** HttpOnly, SameSite=Lax, Secure on https; no Domain, so it stays on this host. */
export function sessionCookie(
  projectId: string,
  value: string,
  expire: Date,
  secure: boolean,
): string {
  const parts = [
    `${cookieName(projectId)}=${value}`,
    'Path=/',
    `Expires=${expire.toUTCString()}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

export const clearSessionCookie = (projectId: string, secure: boolean) =>
  sessionCookie(projectId, '', new Date(0), secure)

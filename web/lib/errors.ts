import { TEXTS } from '../../shared/texts'
import { ApiError } from './api-error'

export type NoticeType = 'success' | 'info' | 'warning' | 'error'
export type Notice = { type: NoticeType; title: string; body: string }

/** "create room" → "Create Room": the spec titles a failure with the capitalised action name. */
export const titleCase = (action: string) =>
  action.replace(/(^|\s)(\p{L})/gu, (_, space: string, ch: string) => space + ch.toUpperCase())

/**
 * The display conversion of spec section 8: an HTTP failure shows the server's message (or its
 * own top-level one: the status name, see api.ts), the backend service's own error shows its
 * message, anything else the unknown-error text (or, while the browser is offline, says so).
 * Error is the default type.
 */
export function toNotice(action: string, err: unknown, type: NoticeType = 'error'): Notice {
  return { type, title: titleCase(action), body: errorMessage(err) }
}

/**
 * The backend SDK's AppwriteException, recognised by name so this module (part of the sign-in
 * screen) does not pull in the SDK.
 */
export type BackendError = Error & { code: number; type: string }
export const isBackendError = (err: unknown): err is BackendError =>
  err instanceof Error &&
  err.name === 'AppwriteException' &&
  typeof (err as BackendError).code === 'number'

export function errorMessage(err: unknown): string {
  // A request that could not leave an offline browser: nothing for the administrator to know.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  if (isNetworkFailure(err)) return offline ? TEXTS.offline : TEXTS.unreachable
  if (err instanceof ApiError || isBackendError(err)) return err.message || TEXTS.unknownError
  return offline ? TEXTS.offline : TEXTS.unknownError
}

// fetch's own failure as Chromium, Firefox and Safari word it; the SDK wraps it with code 0.
const NETWORK = /failed to fetch|networkerror|load failed|network connection was lost/i

/** A request that got no answer at all (no server, no network), as opposed to a refusal. */
export const isNetworkFailure = (err: unknown) =>
  (err instanceof ApiError && err.code === 'network_error') ||
  ((err instanceof TypeError || (isBackendError(err) && err.code === 0)) &&
    NETWORK.test(err.message))

/** True for the backend's or the API's "not signed in" answer. */
export const isUnauthorized = (err: unknown) =>
  (isBackendError(err) && err.code === 401) || (err instanceof ApiError && err.status === 401)

/** Appwrite's refusal of an email and password (a sign-in, a password change's current one). */
export const isInvalidCredentials = (err: unknown) =>
  isBackendError(err) && err.type === 'user_invalid_credentials'

/** The account load's refusal of an unverified email (the Login notice offers "Resend it."). */
export const isUnverifiedRefusal = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.code === 'email_unverified'

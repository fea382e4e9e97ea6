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
  if (err instanceof ApiError || isBackendError(err)) return err.message || TEXTS.unknownError
  // A request that could not leave an offline browser: nothing for the administrator to know.
  if (typeof navigator !== 'undefined' && !navigator.onLine) return TEXTS.offline
  return TEXTS.unknownError
}

/** True for the backend's or the API's "not signed in" answer. */
export const isUnauthorized = (err: unknown) =>
  (isBackendError(err) && err.code === 401) || (err instanceof ApiError && err.status === 401)

/** The account load's refusal of an unverified email (the Login notice offers "Resend it."). */
/** Appwrite's refusal of an email and password (a sign-in, a password change's current one). */
export const isInvalidCredentials = (err: unknown) =>
  isBackendError(err) && err.type === 'user_invalid_credentials'

export const isUnverifiedRefusal = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && err.code === 'email_unverified'

import { THROTTLE_TEXTS } from '../../shared/throttle-texts'
import { ApiError } from './api-error'
import { isBackendError } from './errors'

/** The backend's or the API's "too many requests" (429). */
export const isThrottled = (err: unknown) =>
  (isBackendError(err) && err.code === 429) || (err instanceof ApiError && err.status === 429)

/**
 * A 429 in words a user can act on (`toNotice` shows an error's own message); any other error
 * passes unchanged. Kept out of errors.ts, which every page's first script carries.
 */
export function explainThrottle(err: unknown, text: string = THROTTLE_TEXTS.tryLater): unknown {
  if (isThrottled(err)) (err as Error).message = text
  return err
}

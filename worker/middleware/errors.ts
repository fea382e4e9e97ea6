import { BackendError } from '../backend'
import { ApiError } from '../lib/api-error'

/**
 * A backend failure in /api's shape. Not found, conflicts and rate limits keep their status and
 * message; anything else is the server's fault (a refused key, a schema mismatch, an outage) → 502.
 */
export function fromBackendError(err: BackendError): ApiError {
  if (err.status === 404 || err.status === 409 || err.status === 429)
    return new ApiError(err.status, err.message)
  return new ApiError(502, `The backend could not complete the request (${err.type})`)
}

import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error shape of /api: `{ code, message }` with the matching HTTP status. */
export type ApiErrorBody = { code: string; message: string }

const CODES: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'unavailable',
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code = CODES[status] ?? 'error',
  ) {
    super(message)
  }

  get body(): ApiErrorBody {
    return { code: this.code, message: this.message }
  }
}

/** A failed /api call: the server's `{ code, message }` plus the HTTP status (0 = no response). */
export class ApiError extends Error {
  readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

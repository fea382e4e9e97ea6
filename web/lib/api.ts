import { ApiError } from './api-error'
import { isUnauthorized } from './errors'
import { clearJwt, getJwt } from './jwt'

export { ApiError }

/** Names of the shared zod schemas a response can be checked against. */
export type SchemaName = keyof typeof import('../../shared/schemas')

const BASE = '/api'

async function send(path: string, body: unknown, jwt: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (jwt) headers.authorization = `Bearer ${jwt}`
  try {
    return await fetch(`${BASE}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
    })
  } catch (err) {
    throw new ApiError(0, 'network_error', err instanceof Error ? err.message : 'Network error')
  }
}

async function toError(res: Response): Promise<ApiError> {
  const data = (await res.json().catch(() => null)) as { code?: string; message?: string } | null
  // No message of the server's (e.g. a proxy's HTML error page): the failure's own top-level
  // message is its status name (spec section 8's lookup). Its table loads only then: it is
  // needed on no first screen (sign-in and room budgets, tests/prod/initial-js.prod.test.ts).
  const message =
    data?.message ??
    (await import('./http-status').then(
      (m) => m.statusName(res.status),
      () => `HTTP ${res.status}`,
    ))
  return new ApiError(res.status, data?.code ?? 'error', message)
}

/**
 * Responses are checked against the shared schemas in development only: the check catches
 * contract drift early, and production keeps zod out of the sign-in bundle.
 */
async function parse<T>(res: Response, schema?: SchemaName): Promise<T> {
  if (!res.ok) throw await toError(res)
  const data: unknown = res.status === 204 ? null : await res.json()
  if (import.meta.env.DEV && schema) {
    const schemas = await import('../../shared/schemas')
    return (schemas[schema] as { parse(d: unknown): unknown }).parse(data) as T
  }
  return data as T
}

/**
 * POST a JSON body to the product API as the signed-in user. A 401 can mean the cached JWT's
 * session ended, so the token is renewed once before giving up.
 */
export async function apiPost<T>(path: string, body: unknown, schema?: SchemaName): Promise<T> {
  let res = await send(path, body, await jwtOrUnauthorized())
  if (res.status === 401) {
    clearJwt()
    res = await send(path, body, await jwtOrUnauthorized())
    // Still refused with a fresh token: the session itself may have ended.
    if (res.status === 401) unauthorizedListeners.forEach((listener) => listener())
  }
  return parse<T>(res, schema)
}

const unauthorizedListeners = new Set<() => void>()

/** Called when the API refuses the signed-in user even after renewing the JWT. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

/** A JWT, or the API's 401 when none can be made (the backend says the session is gone). */
async function jwtOrUnauthorized(): Promise<string> {
  try {
    return await getJwt()
  } catch (err) {
    if (!isUnauthorized(err)) throw err
    unauthorizedListeners.forEach((listener) => listener())
    throw new ApiError(401, 'unauthorized', err instanceof Error ? err.message : '')
  }
}

/** POST for the routes a visitor may call before having an account (e.g. /auth/authorized). */
export async function apiPostPublic<T>(
  path: string,
  body: unknown,
  schema?: SchemaName,
): Promise<T> {
  return parse<T>(await send(path, body, null), schema)
}

/**
 * POST for a public route whose 200 answer is NDJSON (e.g. /auth/verify): each line is handed to
 * `onLine` as soon as it arrives, so a long answer can show its progress. A failure answer throws
 * like any other call.
 */
export async function apiPostPublicLines(
  path: string,
  body: unknown,
  onLine: (value: unknown) => void,
): Promise<void> {
  const res = await send(path, body, null)
  if (!res.ok || !res.body) throw await toError(res)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read().catch((err: unknown) => {
      throw new ApiError(0, 'network_error', err instanceof Error ? err.message : 'Network error')
    })
    buffer += value ?? ''
    const lines = buffer.split('\n')
    buffer = done ? '' : lines.pop()!
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line))
    if (done) return
  }
}

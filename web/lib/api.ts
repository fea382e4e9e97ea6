import { ApiError } from './api-error'
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
  return new ApiError(
    res.status,
    data?.code ?? 'error',
    data?.message ?? (res.statusText || `Request failed with status ${res.status}`),
  )
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
  let res = await send(path, body, await getJwt())
  if (res.status === 401) {
    clearJwt()
    res = await send(path, body, await getJwt())
  }
  return parse<T>(res, schema)
}

/** POST for the routes a visitor may call before having an account (e.g. /auth/authorized). */
export async function apiPostPublic<T>(
  path: string,
  body: unknown,
  schema?: SchemaName,
): Promise<T> {
  return parse<T>(await send(path, body, null), schema)
}

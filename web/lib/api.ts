import type { z } from 'zod'
import { ApiError } from './api-error'
import { clearJwt, getJwt } from './jwt'

export { ApiError }

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
 * POST a JSON body to the product API as the signed-in user. A 401 can mean the cached JWT's
 * session ended, so the token is renewed once before giving up.
 */
export async function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema?: S,
): Promise<z.output<S>> {
  let res = await send(path, body, await getJwt())
  if (res.status === 401) {
    clearJwt()
    res = await send(path, body, await getJwt())
  }
  return parse(res, schema)
}

/** POST for the routes a visitor may call before having an account (e.g. /auth/authorized). */
export async function apiPostPublic<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema?: S,
): Promise<z.output<S>> {
  return parse(await send(path, body, null), schema)
}

async function parse<S extends z.ZodType>(res: Response, schema?: S): Promise<z.output<S>> {
  if (!res.ok) throw await toError(res)
  const data: unknown = res.status === 204 ? null : await res.json()
  return schema ? schema.parse(data) : (data as z.output<S>)
}

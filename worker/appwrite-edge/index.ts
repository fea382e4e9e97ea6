import { Hono } from 'hono'
import { getConfig } from '../config'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/constants'
import { geoHeader } from './account/geo'
import { AUTH_HEADERS } from './account/login-gate'
import { derive, hashPassword } from './auth/password'
import { INTERNAL } from './context'
import { allowedOrigin, corsHeaders } from './cors'
import { AppwriteException, errorResponse, fail } from './errors'
import { POLICY_VIOLATION, refuseUpgrade } from './realtime/protocol'
import { backendStub } from './stub'

export { EdgeBackend } from './durable-object'

// Requests whose body carries a password that must be hashed here, in the stateless Worker,
// before the Durable Object sees them.
const NEW_PASSWORD = [
  /^POST \/v1\/account$/,
  /^PATCH \/v1\/account\/password$/,
  /^PUT \/v1\/account\/recovery$/,
  /^POST \/v1\/users$/,
  /^PATCH \/v1\/users\/[^/]+\/password$/,
]
const LOGIN = /^POST \/v1\/account\/sessions(\/email)?$/
// Changing one's password also proves the old one, with the caller's stored salt.
const CHANGE_PASSWORD = /^PATCH \/v1\/account\/password$/

/** Worker side of /v1: mode, CORS, project, password hashing; then the Durable Object. */
export const edge = new Hono<{ Bindings: Env }>()
  .all('*', async (c) => {
    const config = getConfig(c.env)
    const req = c.req.raw
    if (config.backend !== 'embedded') fail('general_route_not_found')
    const url = new URL(req.url)
    const upgrade = req.headers.get('upgrade')?.toLowerCase() === 'websocket'
    const origin = allowedOrigin(req, config)
    const project = req.headers.get('x-appwrite-project') ?? url.searchParams.get('project')
    // Realtime refuses on the socket (error frame, then close), with Appwrite's texts.
    if (upgrade && origin === false)
      return refuseUpgrade(
        POLICY_VIOLATION,
        `Invalid Origin. Register your new client (${originHost(req)}) as a new Web platform on your project console dashboard`,
      )
    if (upgrade && project !== config.APPWRITE_PROJECT_ID)
      return refuseUpgrade(POLICY_VIOLATION, 'Missing or unknown project ID')
    if (origin === false) fail('general_unknown_origin')
    const cors = origin ? corsHeaders(origin) : {}
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    if (project !== config.APPWRITE_PROJECT_ID) fail('project_not_found')

    const stub = backendStub(c.env, config)
    const headers = new Headers(req.headers)
    for (const h of Object.values(INTERNAL)) headers.delete(h)
    const ip = req.headers.get('cf-connecting-ip') ?? '127.0.0.1'
    headers.set(INTERNAL.ip, ip)
    headers.set(INTERNAL.geo, geoHeader((req as { cf?: unknown }).cf))
    if (url.protocol === 'https:') headers.set(INTERNAL.secure, '1')
    if (upgrade) return stub.fetch(new Request(req, { headers }))

    let body: ArrayBuffer | string | null = req.body ? await req.arrayBuffer() : null
    const route = `${req.method} ${url.pathname}`
    if (NEW_PASSWORD.some((r) => r.test(route)) || LOGIN.test(route)) {
      const json = parseJson(body)
      if (typeof json.password === 'string') {
        if (LOGIN.test(route)) {
          const email = typeof json.email === 'string' ? json.email : ''
          const answer = await stub.passwordSalt(email, ip)
          if ('throttled' in answer) fail('general_rate_limit_exceeded')
          const { salt, iterations } = answer
          headers.set(
            INTERNAL.passwordProof,
            await derive(json.password, config.AUTH_SECRET, salt, iterations),
          )
        } else {
          if (
            json.password.length < PASSWORD_MIN_LENGTH ||
            json.password.length > PASSWORD_MAX_LENGTH
          )
            fail(
              'general_argument_invalid',
              `Invalid \`password\` param: Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters long, and should not be one of the commonly used password.`,
            )
          headers.set(INTERNAL.newPassword, await hashPassword(json.password, config.AUTH_SECRET))
          if (CHANGE_PASSWORD.test(route) && typeof json.oldPassword === 'string') {
            const auth = Object.fromEntries(
              AUTH_HEADERS.flatMap((h) => (req.headers.has(h) ? [[h, req.headers.get(h)!]] : [])),
            )
            const old = await stub.callerPasswordSalt(auth)
            if (old)
              headers.set(
                INTERNAL.passwordProof,
                await derive(json.oldPassword, config.AUTH_SECRET, old.salt, old.iterations),
              )
          }
        }
        // The plain password goes no further than this Worker.
        body = JSON.stringify({ ...json, password: undefined, oldPassword: undefined })
      }
    }
    const res = await stub.fetch(url.toString(), { method: req.method, headers, body })
    return withCors(res, cors)
  })
  .onError((err, c) => {
    const config = (() => {
      try {
        return getConfig(c.env)
      } catch {
        return undefined
      }
    })()
    const origin = config ? allowedOrigin(c.req.raw, config) : null
    const cors = origin ? corsHeaders(origin) : {}
    if (err instanceof AppwriteException) return errorResponse(err, cors)
    console.error('edge worker error', err)
    return errorResponse(new AppwriteException('general_server_error'), cors)
  })

function originHost(req: Request): string {
  try {
    return new URL(req.headers.get('origin') ?? '').hostname
  } catch {
    return ''
  }
}

function parseJson(body: ArrayBuffer | string | null): Record<string, unknown> {
  if (!body) return {}
  try {
    const v = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body))
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function withCors(res: Response, cors: Record<string, string>): Response {
  if (!Object.keys(cors).length) return res
  const out = new Response(res.body, res)
  for (const [k, v] of Object.entries(cors)) out.headers.set(k, v)
  return out
}

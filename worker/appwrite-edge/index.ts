import { Hono } from 'hono'
import { getPath } from 'hono/utils/url'
import { getConfig } from '../config'
import { geoHeader } from './account/geo'
import { INTERNAL } from './context'
import { allowedOrigin, corsHeaders } from './cors'
import { AppwriteException, errorResponse, fail } from './errors'
import { carriesPassword, passwordStep } from './password-step'
import { POLICY_VIOLATION, refuseUpgrade } from './realtime/protocol'
import { backendStub } from './stub'

export { EdgeBackend } from './durable-object'

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
    // Decoded exactly as the object's router will decode it, so `/v1/account/%73essions/email`
    // is recognised as the login it is (getPath reads only `url`: no Request is built for it).
    const route = `${req.method} ${getPath({ url: url.href } as Request)}`
    if (carriesPassword(route))
      body = await passwordStep({ route, body, req, headers, stub, config, ip })
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

function withCors(res: Response, cors: Record<string, string>): Response {
  if (!Object.keys(cors).length) return res
  const out = new Response(res.body, res)
  for (const [k, v] of Object.entries(cors)) out.headers.set(k, v)
  return out
}

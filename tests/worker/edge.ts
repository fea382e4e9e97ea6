import { env, exports } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { backendStub } from '../../worker/appwrite-edge/stub'
import type { EdgeBackend } from '../../worker/appwrite-edge'
import type { Sql } from '../../worker/appwrite-edge/db/sql'
import { getConfig } from '../../worker/config'

// /v1 from inside workerd: requests through the Worker's own fetch (any scheme, e.g. https://),
// and the embedded backend's SQLite read or changed in place with runInDurableObject.
export const config = getConfig(env)
export const PROJECT = config.APPWRITE_PROJECT_ID
export const COOKIE = `a_session_${PROJECT}`

export function v1(path: string, init: RequestInit & { origin?: string; key?: boolean } = {}) {
  const headers = new Headers(init.headers)
  headers.set('x-appwrite-project', PROJECT)
  if (init.body) headers.set('content-type', 'application/json')
  if (init.key) headers.set('x-appwrite-key', config.EMBEDDED_API_KEY)
  return exports.default.fetch(`${init.origin ?? 'http://kathelia.test'}/v1${path}`, {
    ...init,
    headers,
  })
}

export type Creds = { id: string; email: string; password: string }

/**
 * A user made with the API key, under `email` when given (e.g. an allowlisted one). The password
 * always has a digit: the id's random hex part sometimes has none (ci51 failed on one).
 */
export async function newUser(prefix: string, email?: string): Promise<Creds> {
  const id = `${prefix}-${crypto.randomUUID().slice(0, 8)}`
  const creds = { id, email: email ?? `${id}@kathelia.test`, password: `Pw-${id}-x1!` }
  const res = await v1('/users', {
    method: 'POST',
    key: true,
    body: JSON.stringify({ userId: id, ...creds }),
  })
  if (res.status !== 201) throw new Error(`create user: ${res.status} ${await res.text()}`)
  return creds
}

/** A JWT of a new session of `creds`, the email verified first when `verified`. */
export async function signedIn(creds: Creds, verified = true) {
  if (verified) {
    const res = await v1(`/users/${creds.id}/verification`, {
      method: 'PATCH',
      key: true,
      body: JSON.stringify({ emailVerification: true }),
    })
    if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`)
  }
  const { cookie } = await login(creds)
  const made = await v1('/account/jwts', { method: 'POST', headers: { cookie } })
  return { userId: creds.id, jwt: ((await made.json()) as { jwt: string }).jwt }
}

/** Signs in over the login route on `origin`; the session model, cookie line and cookie value. */
export async function login(creds: Creds, origin?: string) {
  const res = await v1('/account/sessions/email', {
    method: 'POST',
    origin,
    body: JSON.stringify({ email: creds.email, password: creds.password }),
  })
  if (res.status !== 201) throw new Error(`login: ${res.status} ${await res.text()}`)
  const session = (await res.json()) as { $id: string; expire: string }
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!
  const value = line.split(';')[0].slice(COOKIE.length + 1)
  return { session, line, value, cookie: `${COOKIE}=${value}` }
}

/** Runs `fn` on the backend object's SQLite. */
export const inBackend = <R>(fn: (sql: Sql) => R) =>
  runInDurableObject(backendStub(env, config) as DurableObjectStub<EdgeBackend>, (o) => fn(o.sql))

/** The first frame a realtime socket opened with `headers` receives. */
export async function firstFrame(headers: Record<string, string>): Promise<any> {
  const res = await v1('/realtime', { headers: { upgrade: 'websocket', ...headers } })
  const ws = res.webSocket
  if (!ws) throw new Error(`no socket: ${res.status} ${await res.text()}`)
  const frame = new Promise<string>((resolve) =>
    ws.addEventListener('message', (e) => resolve(String(e.data)), { once: true }),
  )
  ws.accept()
  try {
    return JSON.parse(await frame)
  } finally {
    ws.close(1000, 'done')
  }
}

import { Client, ID, Query, Users } from 'node-appwrite'
import { inject } from 'vitest'
import { exampleVars } from '../../scripts/local-vars'
import { startAppServer, type AppServer, type AppServerOptions } from '../fixtures/app-server'
import { webClient } from './helpers/web-sdk'

// Shared pieces of the product API compat tests (tests/compat/api-*.test.ts): users made with the
// server SDK and the key, signed in with the web SDK, and raw calls of /api.
const vars = exampleVars()
export const PROJECT = vars.APPWRITE_PROJECT_ID
export const KEY = vars.EMBEDDED_API_KEY
export const PASSWORD = 'Kathelia#2024pw'

export const keyClient = (server: string) =>
  new Client().setEndpoint(`${server}/v1`).setProject(PROJECT).setKey(KEY)

export type TestUser = { id: string; email: string; name: string }

/** A user made server-side (not subject to the allowlist), verified unless told otherwise. */
export async function createUser(
  server: string,
  email: string,
  name: string,
  verified = true,
): Promise<TestUser> {
  const users = new Users(keyClient(server))
  const user = await users.create({ userId: ID.unique(), email, password: PASSWORD, name })
  if (verified) await users.updateEmailVerification({ userId: user.$id, emailVerification: true })
  return { id: user.$id, email, name }
}

/** createUser, or the user of that email made before (by another file on a shared server). */
export async function userOf(server: string, email: string, name: string, verified = true) {
  const made = await createUser(server, email, name, verified).catch((err) => {
    if ((err as { code?: number }).code !== 409) throw err
  })
  if (made) return made
  const users = new Users(keyClient(server))
  const [user] = (await users.list({ queries: [Query.equal('email', email)] })).users
  return { id: user.$id, email, name: user.name }
}

/** Signs in with the web SDK as the SPA does (its own cookie jar) and returns a JWT for /api. */
export async function jwtFor(server: string, email: string): Promise<string> {
  const { account } = webClient(server)
  await account.createEmailPasswordSession({ email, password: PASSWORD })
  return (await account.createJWT()).jwt
}

/**
 * The run's shared server (the documented defaults, tests/fixtures/global-server.ts) and a JWT of
 * its allowlisted dummy, made by the first file that asks: for a test of the defaults (a feature
 * left unconfigured), which needs no server of its own.
 */
export async function defaultServer(): Promise<{ url: string; jwt: string }> {
  const url = inject('serverUrl')
  await createUser(url, 'dummy@kathelia.test', 'Dee').catch(() => undefined)
  return { url, jwt: await jwtFor(url, 'dummy@kathelia.test') }
}

export type ApiAnswer = { status: number; body: any; headers: Headers }

/** POST /api<path> with a JSON body (a string is sent as is) and optionally a Bearer JWT. */
export async function call(
  server: string,
  path: string,
  body: unknown,
  jwt?: string,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${server}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return answerOf(res)
}

/** A response as an ApiAnswer: the body parsed when it is JSON, else the text. */
export async function answerOf(res: Response): Promise<ApiAnswer> {
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers }
}

/** Asserts the /api error shape and returns the body. */
export function errorShape(a: ApiAnswer) {
  const b = a.body as { code?: unknown; message?: unknown }
  if (typeof b?.code !== 'string' || typeof b?.message !== 'string')
    throw new Error(`not { code, message }: ${JSON.stringify(a.body)}`)
  return b as { code: string; message: string }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Asks in parallel batches until a rate-limit binding answers 429. Miniflare's windows are
 * aligned to the clock's minutes, so one batch may straddle a reset: the next one is limited.
 */
export async function untilLimited(ask: () => Promise<ApiAnswer>, batch = 15): Promise<ApiAnswer> {
  for (let round = 0; round < 4; round++) {
    const answers = await Promise.all(Array.from({ length: batch }, ask))
    const limited = answers.find((r) => r.status === 429)
    if (limited) return limited
  }
  throw new Error(`never rate limited after ${4 * batch} requests`)
}

export type AdapterPair = { a: AppServer; b: AppServer; close(): Promise<void> }

/**
 * The product API over both backend adapters: server A runs the embedded backend; server B runs
 * in appwrite mode against A's /v1 with A's key (B has no /v1 of its own), so both share A's data.
 */
export async function startAdapterPair(
  vars: Record<string, string> = {},
  options: AppServerOptions = {},
): Promise<AdapterPair> {
  const a = await startAppServer(vars, options)
  const b = await startAppServer(
    { ...vars, APPWRITE_ENDPOINT: `${a.url}/v1`, APPWRITE_API_KEY: KEY },
    options,
  )
  return {
    a,
    b,
    async close() {
      await b.close()
      await a.close()
    },
  }
}

/** describe.each rows: the adapter's name and the URL of the server that uses it. */
export const adapters = (pair: () => AdapterPair) =>
  [
    ['embedded', () => pair().a.url],
    ['appwrite', () => pair().b.url],
  ] as const

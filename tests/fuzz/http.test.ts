import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { encodeLoose, fuzzCase, type FuzzCase } from './request'
import { edgeRoutes, workerRoutes } from './routes'
import { fuzzVars, SHARE } from './vars'
import { config, ORIGIN, signIn, stillValid, type Credentials } from './session'
import { workerFetch } from './worker-fetch'

// Generated bad input against every route in the route tables, through the Worker's own fetch
// (the same path as production: the Worker, then the Durable Object). Replay a failure with
// FUZZ_SEED=<seed printed below> (and FUZZ_RUNS to go longer).
const { seed: SEED, runs } = fuzzVars()
const V1_RUNS = Math.round(runs * SHARE.v1)
const API_RUNS = Math.round(runs * SHARE.api)

let creds: Credentials
beforeAll(async () => {
  creds = await signIn('ada@kathelia.test')
  console.log(
    `fuzz http: seed ${SEED}, ${V1_RUNS} cases for /v1 (${edgeRoutes.length} routes) and ` +
      `${API_RUNS} for /api, /__dev, /monitoring (${workerRoutes.length} routes)`,
  )
})

function toRequest(c: FuzzCase): Request {
  const qs = c.query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&')
  const headers = new Headers({ 'cf-connecting-ip': '192.0.2.7' })
  const v1 = c.path.startsWith('/v1')
  if (v1 && !c.noProject) headers.set('x-appwrite-project', config.APPWRITE_PROJECT_ID)
  if (c.auth === 'user' && v1) headers.set('cookie', creds.cookie)
  if (c.auth === 'user' && !v1) headers.set('authorization', `Bearer ${creds.jwt}`)
  if (c.auth === 'key') headers.set('x-appwrite-key', config.EMBEDDED_API_KEY)
  if (c.auth === 'junk') {
    headers.set('authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4In0.')
    headers.set('cookie', `a_session_${config.APPWRITE_PROJECT_ID}=${'0'.repeat(64)}`)
  }
  for (const [k, v] of c.headers) headers.set(k, v)
  const { text, type } = c.body
  if (text !== undefined && type !== '') headers.set('content-type', type ?? 'application/json')
  return new Request(`${ORIGIN}${c.path}${qs ? `?${qs}` : ''}`, {
    method: c.route.method,
    headers,
    body: text === undefined ? undefined : text,
  })
}

const appwriteError = {
  message: expect.any(String),
  code: expect.any(Number),
  type: expect.any(String),
  version: expect.any(String),
}
const apiError = { code: expect.any(String), message: expect.any(String) }

async function check(c: FuzzCase) {
  const req = toRequest(c)
  const res = await workerFetch(req).catch((err: unknown) => {
    // What workerd would have answered with a 500, said with the request that caused it.
    throw new Error(`the Worker threw on ${c.route.method} ${req.url.slice(0, 1000)}: ${err}`)
  })
  const text = await res.text()
  const sent = [...req.headers].map(([k, v]) => `${k}: ${v.slice(0, 80)}`).join(', ')
  const where = `${c.route.method} ${req.url.slice(0, 1000)} [${sent}] → ${res.status} ${text.slice(0, 300)}`
  expect(res.status, where).toBeLessThan(500)
  if (res.status < 400 || c.route.method === 'HEAD') return
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`not JSON: ${where}`)
  }
  if (c.path.startsWith('/v1')) {
    expect(body, where).toEqual(appwriteError)
    expect((body as { code: number }).code, where).toBe(res.status)
  } else expect(body, where).toEqual(apiError)
}

/** Runs `cases` generated requests; every 250 the fuzzed user signs in again if a case ended it. */
async function fuzz(routes: typeof edgeRoutes, runs: number, seed: number) {
  let n = 0
  const covered = new Set<string>()
  await fc.assert(
    fc.asyncProperty(fuzzCase(routes, creds.userId), async (c) => {
      if (++n % 250 === 0 && !(await stillValid(creds))) creds = await signIn('ada@kathelia.test')
      covered.add(`${c.route.method} ${c.route.path}`)
      await check(c)
    }),
    { seed, numRuns: runs, endOnFailure: true, verbose: 1 },
  )
  console.log(`fuzz http: ${runs} cases covered ${covered.size} of ${routes.length} routes`)
}

describe('generated bad input', () => {
  it('never makes /v1 fail with a 5xx or answer outside Appwrite’s error shape', async () => {
    await fuzz(edgeRoutes, V1_RUNS, SEED)
  }, 600_000)

  it('never makes /api, /__dev or /monitoring fail with a 5xx or leave { code, message }', async () => {
    await fuzz(workerRoutes, API_RUNS, SEED + 1)
  }, 600_000)

  it('leaves the Worker and the Durable Object answering', async () => {
    const health = await workerFetch(`${ORIGIN}/api/health`)
    expect(health.status).toBe(200)
    const account = await workerFetch(`${ORIGIN}/v1/account`, {
      headers: { 'x-appwrite-project': config.APPWRITE_PROJECT_ID },
    })
    expect(account.status).toBe(401)
    expect(await signIn('ben@kathelia.test')).toMatchObject({ jwt: expect.any(String) })
  })
})

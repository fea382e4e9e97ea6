import { TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type Captured, type CaptureServer } from '../fixtures/capture-server'
import { call, createUser, jwtFor, keyClient, sleep, type TestUser } from './api-setup'

// The chat webhook's delivery guarantees (worker/services/webhook.ts) against a capture server.
// They run on the embedded adapter only: the backend port takes part only before the webhook
// (the home-room notice that claims an announcement, which api-presence.test.ts and
// api-notify.test.ts run through both adapters); sendWebhook itself gets the config and the text
// and nothing else, so retries, Retry-After and waitUntil cannot differ between adapters.
let app: AppServer
let hook: CaptureServer
let ben: TestUser
let benJwt: string

beforeAll(async () => {
  hook = await startCaptureServer()
  app = await startAppServer({ WEBHOOK_URL: `${hook.url}/hook`, WEBHOOK_FORMAT: 'google-chat' })
  ben = await createUser(app.url, 'ben@kathelia.test', 'Ben')
  benJwt = await jwtFor(app.url, ben.email)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await hook?.close()
})

beforeEach(() => {
  hook.clear()
  hook.fallback = { status: 200, json: {} }
})

/** Ben (special) comes online without a status row: one "Online" announcement. Returns ms taken. */
async function benComesOnline(): Promise<number> {
  await new TablesDB(keyClient(app.url))
    .deleteRow({ databaseId: 'kathelia', tableId: 'status', rowId: ben.id })
    .catch(() => undefined)
  const started = Date.now()
  const r = await call(
    app.url,
    '/user/update-status',
    { userId: ben.id, payload: { isOnline: true } },
    benJwt,
  )
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return Date.now() - started
}
const gaps = (tries: Captured[]) => tries.slice(1).map((t, i) => t.at - tries[i].at)

describe('chat webhook delivery', () => {
  it('posts Google Chat’s { text }: the prefix, then the message', async () => {
    await benComesOnline()
    const [sent] = await hook.waitFor(1)
    expect(sent.path).toBe('/hook')
    expect(sent.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(sent.body)).toEqual({ text: 'Online: Ben is online' })
  })

  it('waits as long as Retry-After says, in seconds and as an HTTP date', async () => {
    // Both waits are well above the default back-off (1 s, then 2 s).
    hook.script({ status: 429, headers: { 'retry-after': '3' } })
    hook.fallback = () =>
      hook.requests.length === 2
        ? { status: 503, headers: { 'retry-after': new Date(Date.now() + 5_000).toUTCString() } }
        : { status: 204 }
    await benComesOnline()
    const tries = await hook.waitFor(3, undefined, 25_000)
    const [afterSeconds, afterDate] = gaps(tries)
    expect(afterSeconds).toBeGreaterThanOrEqual(2_500)
    // An HTTP date has whole seconds: 4 to 5 s after the second attempt.
    expect(afterDate).toBeGreaterThanOrEqual(3_500)
    expect(tries.map((t) => JSON.parse(t.body).text)).toEqual(
      Array(3).fill('Online: Ben is online'),
    )
  }, 40_000)

  it('makes at most 3 attempts', async () => {
    // Retry at once, as told: a fourth attempt would follow immediately.
    hook.fallback = { status: 500, headers: { 'retry-after': '0' } }
    await benComesOnline()
    await hook.waitFor(3)
    await sleep(1_500)
    expect(hook.requests).toHaveLength(3)
  })

  it('does not retry a 4xx', async () => {
    hook.script({ status: 400, text: 'invalid_payload' })
    await benComesOnline()
    await hook.waitFor(1)
    // The default back-off would have retried after 1 s.
    await sleep(2_500)
    expect(hook.requests).toHaveLength(1)
  })

  it('posts after the response: a slow, rate-limited hook never delays the user', async () => {
    hook.script({ status: 429, delayMs: 2_000, headers: { 'retry-after': '5' } }, { status: 200 })
    expect(await benComesOnline()).toBeLessThan(1_000)
    // The post still arrives, retried after the 5 s the hook asked for (its answer took 2 s).
    const tries = await hook.waitFor(2, undefined, 25_000)
    expect(gaps(tries)[0]).toBeGreaterThanOrEqual(6_000)
  }, 40_000)
})

import { Query, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import { call, createUser, jwtFor, keyClient, sleep, type TestUser } from './api-setup'

// Presence announcements end to end: the chat webhook and the IP services are capture servers.
// Ben and Carl are special (announced); Ada is the admin (never announced); Carl is unverified.
let app: AppServer
let hook: CaptureServer
let ip: CaptureServer
let ada: TestUser, ben: TestUser, carl: TestUser
const jwt: Record<string, string> = {}

beforeAll(async () => {
  hook = await startCaptureServer()
  ip = await startCaptureServer()
  ip.fallback = (r) =>
    r.path === '/echo'
      ? { json: { ip: '203.0.113.7' } }
      : { json: { ip: '203.0.113.7', city: 'Berlin', region: 'Berlin', country: 'DE' } }
  app = await startAppServer({
    ALLOWED_EMAILS: 'ada@kathelia.test,ben@kathelia.test,carl@kathelia.test',
    SPECIAL_EMAILS: 'ben@kathelia.test,carl@kathelia.test,ada@kathelia.test',
    PRESENCE_GRACE_SECONDS: '10',
    WEBHOOK_URL: `${hook.url}/hook`,
    WEBHOOK_FORMAT: 'discord',
    IP_ECHO_URL: `${ip.url}/echo`,
    IP_INFO_URL: `${ip.url}/info`,
    IP_INFO_TOKEN: 'tok-123',
  })
  ada = await createUser(app.url, 'ada@kathelia.test', 'Ada')
  ben = await createUser(app.url, 'ben@kathelia.test', 'Ben')
  carl = await createUser(app.url, 'carl@kathelia.test', 'Carl', false)
  for (const u of [ada, ben, carl]) jwt[u.email] = await jwtFor(app.url, u.email)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await hook?.close()
  await ip?.close()
})

const texts = () => hook.requests.map((r) => JSON.parse(r.body).content as string)
const online = (u: TestUser, extra: Record<string, unknown> = {}) =>
  call(
    app.url,
    '/user/update-status',
    { userId: u.id, payload: { isOnline: true, ...extra } },
    jwt[u.email],
  )
const beacon = (u: TestUser, presence: 'away' | 'offline') =>
  fetch(`${app.url}/api/presence/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ jwt: jwt[u.email], presence }),
  })
const tables = () => new TablesDB(keyClient(app.url))
/** Pretends the user has been silent for a minute, then runs the cron handler. */
async function silentThenSweep(u?: TestUser) {
  if (u)
    await tables().updateRow({
      databaseId: 'kathelia',
      tableId: 'status',
      rowId: u.id,
      data: { lastSeenAt: new Date(Date.now() - 60_000).toISOString() },
    })
  const res = await fetch(`${app.url}/cdn-cgi/handler/scheduled`)
  expect(res.status).toBe(200)
}
const status = async (u: TestUser) =>
  tables().getRow({ databaseId: 'kathelia', tableId: 'status', rowId: u.id })
const homeNotices = async () =>
  (
    await tables().listRows({
      databaseId: 'kathelia',
      tableId: 'messages',
      queries: [Query.equal('roomId', 'home'), Query.equal('kind', 'system'), Query.limit(100)],
    })
  ).rows.map((r) => r.message as string)

describe('presence notifications', () => {
  it('announces a special user coming online: webhook text, home room notice, location via IP services', async () => {
    const r = await online(ben)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.location).toBe('Berlin, Berlin, Germany')
    const [sent] = await hook.waitFor(1)
    expect(JSON.parse(sent.body)).toEqual({
      content: 'Online: Ben is online',
      allowed_mentions: { parse: [] },
    })
    expect(sent.headers['content-type']).toMatch(/^application\/json/)
    expect(await homeNotices()).toContain('Ben is online')
    // The echo gives the public IP (the client is on loopback), the info call carries the token.
    const info = ip.requests.find((x) => x.path.startsWith('/info'))
    expect(info?.path).toBe('/info/203.0.113.7')
    expect(info?.query.get('token')).toBe('tok-123')
  })

  it('falls back to request.cf when the IP service fails', async () => {
    ip.script({ json: { ip: '203.0.113.7' } }, { status: 500, text: 'down' })
    expect((await online(ben)).body.location).toBe('Austin, Texas, United States')
  })

  it('never announces the admin', async () => {
    hook.clear()
    expect((await online(ada)).status).toBe(200)
    await call(app.url, '/presence/heartbeat', {}, jwt[ada.email])
    await sleep(1500)
    expect(texts()).toEqual([])
  })

  it('a reload within the grace period announces nothing', async () => {
    hook.clear()
    expect((await beacon(ben, 'offline')).status).toBe(204)
    expect(await status(ben)).toMatchObject({ isOnline: false, presence: 'offline' })
    expect((await online(ben)).body).toMatchObject({ isOnline: true, presence: 'online' })
    await silentThenSweep()
    await sleep(1500)
    expect(texts()).toEqual([])
  })

  it('the sweep announces "away" once, retrying the webhook as Retry-After says', async () => {
    hook.clear()
    // HTTP dates have whole seconds: about 2-3 s after the second attempt.
    const soon = new Date(Date.now() + 4000).toUTCString()
    hook.script(
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503, headers: { 'retry-after': soon } },
      { status: 204 },
    )
    await call(
      app.url,
      '/user/update-status',
      { userId: ben.id, payload: { isOnline: false, presence: 'away' } },
      jwt[ben.email],
    )
    await silentThenSweep(ben)
    const tries = await hook.waitFor(3)
    expect(tries.map((t) => JSON.parse(t.body).content)).toEqual(
      Array(3).fill('Offline: Ben is away'),
    )
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(900)
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(1500)
    await silentThenSweep(ben)
    await sleep(1500)
    expect(hook.requests).toHaveLength(3)
    expect(await status(ben)).toMatchObject({
      isOnline: false,
      presence: 'away',
      announced: 'away',
    })
  })

  it('marks a silent user offline and announces once; a 4xx webhook is not retried', async () => {
    hook.clear()
    await online(ben)
    await hook.waitFor(1) // "Online: Ben is online" again, after "away"
    hook.clear()
    hook.script({ status: 400, text: 'invalid_payload' })
    await call(app.url, '/presence/heartbeat', {}, jwt[ben.email])
    await silentThenSweep(ben)
    await hook.waitFor(1)
    await silentThenSweep(ben)
    await sleep(1500)
    expect(texts()).toEqual(['Offline: Ben is offline'])
    expect(await status(ben)).toMatchObject({
      isOnline: false,
      presence: 'offline',
      announced: 'offline',
    })
    expect(await homeNotices()).toContain('Ben is offline')
  })

  it('a failing webhook never fails or delays the request', async () => {
    hook.clear()
    hook.fallback = { status: 500 }
    const started = Date.now()
    const r = await online(ben)
    expect(r.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1000 + 2500)
    await hook.waitFor(3, undefined, 20_000)
    hook.fallback = { status: 200, json: {} }
  })

  it('announces a login with an unverified email once per window', async () => {
    hook.clear()
    const r = await call(app.url, '/auth/flags', { email: carl.email }, jwt[carl.email])
    expect(r.body).toEqual({ code: 'email_unverified', message: TEXTS.unverifiedEmail })
    await hook.waitFor(1)
    await call(
      app.url,
      '/system/log',
      { section: 'a', action: 'b', description: 'c' },
      jwt[carl.email],
    )
    await sleep(1500)
    expect(texts()).toEqual([
      'Unverified Email: Carl (carl@kathelia.test) tried to log in with an unverified email',
    ])
  })
})

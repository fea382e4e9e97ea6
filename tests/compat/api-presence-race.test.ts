import { Query, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import { call, createUser, jwtFor, KEY, keyClient, type TestUser } from './api-setup'

// Concurrent presence reports (two tabs, a heartbeat racing a visibility change) must announce a
// transition once. Server A runs the embedded backend; server B the appwrite adapter against A.
const TABS = 6
let a: AppServer
let b: AppServer
let hook: CaptureServer
let ben: TestUser
let benJwt: string

beforeAll(async () => {
  hook = await startCaptureServer()
  const vars = { WEBHOOK_URL: `${hook.url}/hook`, WEBHOOK_FORMAT: 'slack' }
  a = await startAppServer(vars)
  ben = await createUser(a.url, 'ben@kathelia.test', 'Ben')
  benJwt = await jwtFor(a.url, ben.email)
  b = await startAppServer({ ...vars, APPWRITE_ENDPOINT: `${a.url}/v1`, APPWRITE_API_KEY: KEY })
}, 120_000)

afterAll(async () => {
  await b?.close()
  await a?.close()
  await hook?.close()
})

const tables = () => new TablesDB(keyClient(a.url))
const texts = () => hook.requests.map((r) => JSON.parse(r.body).text as string)
const homeNotices = async (text: string) =>
  (
    await tables().listRows({
      databaseId: 'kathelia',
      tableId: 'messages',
      queries: [
        Query.equal('roomId', 'home'),
        Query.equal('kind', 'system'),
        Query.equal('message', text),
        Query.limit(100),
      ],
    })
  ).total

describe.each([
  ['embedded', () => a.url],
  ['appwrite', () => b.url],
])('presence with the %s adapter', (_mode, url) => {
  /** All tabs report "online" at once. */
  const tabsComeOnline = async () => {
    const answers = await Promise.all(
      Array.from({ length: TABS }, (_, i) =>
        i % 2
          ? call(url(), '/presence/heartbeat', {}, benJwt)
          : call(
              url(),
              '/user/update-status',
              { userId: ben.id, payload: { isOnline: true, presence: 'online' } },
              benJwt,
            ),
      ),
    )
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
  /** Ben falls silent and the cron sweep runs: one "offline" announcement, a known later event. */
  const silentThenSweep = async () => {
    // One instant for both: a heartbeat newer than the report would read as a hidden tab (away).
    const silentSince = new Date(Date.now() - 120_000).toISOString()
    await tables().updateRow({
      databaseId: 'kathelia',
      tableId: 'status',
      rowId: ben.id,
      data: { lastSeenAt: silentSince, aliveAt: silentSince },
    })
    await [a, b].find((s) => s.url === url())!.scheduled()
    await hook.waitFor(1, (r) => JSON.parse(r.body).text.startsWith('Offline'))
  }

  beforeAll(async () => {
    // Each suite starts from "no status row" (the first report creates it).
    await tables()
      .deleteRow({ databaseId: 'kathelia', tableId: 'status', rowId: ben.id })
      .catch(() => undefined)
  })

  it('announces "Online" once when the first reports race (no status row yet)', async () => {
    hook.clear()
    const before = await homeNotices('Ben is online')
    await tabsComeOnline()
    // The sweep's "Offline" comes after every racing request has finished its announcement.
    await silentThenSweep()
    expect(texts()).toEqual(['Online: Ben is online', 'Offline: Ben is offline'])
    expect(await homeNotices('Ben is online')).toBe(before + 1)
  })

  it('announces the next "Online" once when reports race again after going offline', async () => {
    hook.clear()
    const before = await homeNotices('Ben is online')
    await tabsComeOnline()
    await silentThenSweep()
    expect(texts()).toEqual(['Online: Ben is online', 'Offline: Ben is offline'])
    expect(await homeNotices('Ben is online')).toBe(before + 1)
  })
})

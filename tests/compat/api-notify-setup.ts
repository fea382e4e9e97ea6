import { Query, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import {
  call,
  createUser,
  jwtFor,
  keyClient,
  startAdapterPair,
  type AdapterPair,
  type TestUser,
} from './api-setup'

// Shared by the notification tests (api-notify.test.ts, api-presence.test.ts): both adapters, the
// chat webhook (Discord format) and the IP services as capture servers, and the cast. Ben and Carl
// are special (announced); Ada is the admin (never announced); Dora is allowlisted but not special;
// Carl and Erin have not verified their email. Every test starts with no status rows and an empty
// webhook log, so none depends on another.
const CAST = {
  ada: ['Ada', true],
  ben: ['Ben', true],
  carl: ['Carl', false],
  dora: ['Dora', true],
  erin: ['Erin', false],
} as const
type Name = keyof typeof CAST
const emailOf = (name: string) => `${name}@kathelia.test`
export const GRACE_SECONDS = 10

export type NotifyWorld = {
  pair: AdapterPair
  hook: CaptureServer
  ip: CaptureServer
  users: Record<Name, TestUser>
  jwt: Record<string, string>
}

export function useNotifyWorld(): NotifyWorld {
  const world = { users: {}, jwt: {} } as NotifyWorld
  beforeAll(async () => {
    world.hook = await startCaptureServer()
    world.ip = await startCaptureServer()
    world.ip.fallback = (r) =>
      r.path === '/echo'
        ? { json: { ip: '203.0.113.7' } }
        : { json: { ip: '203.0.113.7', city: 'Berlin', region: 'Berlin', country: 'DE' } }
    world.pair = await startAdapterPair({
      ALLOWED_EMAILS: Object.keys(CAST).map(emailOf).join(','),
      SPECIAL_EMAILS: ['ben', 'carl', 'ada'].map(emailOf).join(','),
      PRESENCE_GRACE_SECONDS: String(GRACE_SECONDS),
      WEBHOOK_URL: `${world.hook.url}/hook`,
      WEBHOOK_FORMAT: 'discord',
      IP_ECHO_URL: `${world.ip.url}/echo`,
      IP_INFO_URL: `${world.ip.url}/info`,
      IP_INFO_TOKEN: 'tok-123',
    })
    const url = world.pair.a.url
    for (const [name, [display, verified]] of Object.entries(CAST)) {
      const user = await createUser(url, emailOf(name), display, verified)
      world.users[name as Name] = user
      world.jwt[user.email] = await jwtFor(url, user.email)
    }
  }, 180_000)
  afterAll(async () => {
    await world.pair?.close()
    await world.hook?.close()
    await world.ip?.close()
  })
  beforeEach(async () => {
    for (const u of Object.values(world.users))
      await tables(world)
        .deleteRow({ databaseId: 'kathelia', tableId: 'status', rowId: u.id })
        .catch(() => undefined)
    world.hook.clear()
    world.hook.fallback = { status: 200, json: {} }
    world.ip.clear()
  })
  return world
}

const tables = (world: NotifyWorld) => new TablesDB(keyClient(world.pair.a.url))

/** What a test does through one server (one adapter), and what it reads back from A's data. */
export function notifyApi(world: NotifyWorld, url: () => string) {
  const as = (u: TestUser) => world.jwt[u.email]
  const report = (u: TestUser, payload: Record<string, unknown>, tab?: string) =>
    call(url(), '/user/update-status', { userId: u.id, payload, tab }, as(u))
  const api = {
    report,
    online: (u: TestUser) => report(u, { isOnline: true }),
    away: (u: TestUser) => report(u, { isOnline: false, presence: 'away' }),
    logout: (u: TestUser) => report(u, { isOnline: false, presence: 'offline' }),
    heartbeat: (u: TestUser, presence: 'online' | 'away' = 'online') =>
      call(url(), '/presence/heartbeat', { presence }, as(u)),
    beacon: (u: TestUser, tab?: string) =>
      fetch(`${url()}/api/presence/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ jwt: as(u), presence: 'offline', tab }),
      }),
    /** Runs the cron handler of this server (a local server runs no schedule of its own). */
    sweep: () => [world.pair.a, world.pair.b].find((s) => s.url === url())!.scheduled(),
    /** Moves the last report (and by default the last heartbeat) that many ms into the past. */
    rewind: (u: TestUser, lastSeenAgo: number, aliveAgo = lastSeenAgo) => {
      // One clock reading: two could differ by a millisecond, and a heartbeat newer than the
      // last report reads as a hidden tab (away) to the sweep.
      const now = Date.now()
      return tables(world).updateRow({
        databaseId: 'kathelia',
        tableId: 'status',
        rowId: u.id,
        data: {
          lastSeenAt: new Date(now - lastSeenAgo).toISOString(),
          aliveAt: new Date(now - aliveAgo).toISOString(),
        },
      })
    },
    status: (u: TestUser) =>
      tables(world).getRow({ databaseId: 'kathelia', tableId: 'status', rowId: u.id }),
    homeNotices: async () =>
      (
        await tables(world).listRows({
          databaseId: 'kathelia',
          tableId: 'messages',
          queries: [Query.equal('roomId', 'home'), Query.equal('kind', 'system'), Query.limit(500)],
        })
      ).rows.map((r) => r.message as string),
    /**
     * The user has been silent for `ms`; the sweep runs, and has posted the webhook's `n`th
     * request by the time it answers, then runs once more: a second announcement would have been
     * posted before that answer. (The cron trigger answers once the handler's waitUntil work is
     * done; the first check proves it on every run, so no wait is needed after the second.)
     */
    sweepAfterSilence: async (u: TestUser, ms: number, n = 1) => {
      await api.rewind(u, ms)
      await api.sweep()
      expect(world.hook.requests).toHaveLength(n)
      await api.sweep()
    },
    /** The webhook texts received so far (Discord's `content`). */
    texts: () => world.hook.requests.map((r) => JSON.parse(r.body).content as string),
    /** The user is online and that was announced; the webhook log is empty again. */
    announcedOnline: async (u: TestUser) => {
      expect((await api.online(u)).status).toBe(200)
      await world.hook.waitFor(1, (r) => r.body.includes(`${u.name} is online`))
      world.hook.clear()
    },
  }
  return api
}

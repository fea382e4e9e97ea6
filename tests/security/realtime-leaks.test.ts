import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { TABLES } from '../../shared/db-schema'
import { BUCKET_ID, DATABASE_ID } from '../../shared/db-ids'
import { solidPng } from '../fixtures/png'
import { call, config, KEY, ORIGIN } from './edge'
import { asCookie, bearer, requiredData, tableGrants, user, type User } from './idor-world'

// Realtime leaks: the partner (Ben), an outsider (a verified account in no team) and a guest
// subscribe to every channel, Ada's own account, rows, files and presences included, while Ada
// changes her private things. They receive none of it. Ada's own socket receives it all (so the
// events were sent), and every socket receives a public fence event last: one socket gets its
// events in order, so a leaked event would have arrived before the fence.
type Frame = { type: string; data: { channels?: string[]; payload?: { $id?: string } } }

async function socket(cookie?: string) {
  const headers: Record<string, string> = {
    upgrade: 'websocket',
    'x-appwrite-project': config.APPWRITE_PROJECT_ID,
    ...(cookie ? { cookie } : {}),
  }
  const ws = (await exports.default.fetch(`${ORIGIN}/v1/realtime`, { headers })).webSocket!
  const frames: Frame[] = []
  ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data)) as Frame))
  ws.accept()
  const until = async (ok: () => boolean, what: string) => {
    for (const end = Date.now() + 15_000; !ok(); await new Promise((r) => setTimeout(r, 25)))
      if (Date.now() > end) throw new Error(`no ${what}: ${JSON.stringify(frames).slice(0, 500)}`)
  }
  await until(() => frames.some((f) => f.type === 'connected'), 'connected')
  return {
    ws,
    frames,
    until,
    events: () => frames.filter((f) => f.type === 'event').map((f) => f.data),
  }
}
type Socket = Awaited<ReturnType<typeof socket>>

let ada: User
let ben: User
let outsider: User
beforeAll(async () => {
  ada = await user('ada@kathelia.test', 'ada')
  ben = await user('ben@kathelia.test', 'ben')
  outsider = await user(`peek-${Date.now()}@elsewhere.test`, 'outsider')
})

const tables = Object.keys(TABLES)
const CHANNELS = (victim: string) => [
  'account',
  `account.${victim}`,
  'rows',
  'documents',
  'files',
  `buckets.${BUCKET_ID}.files`,
  'presences',
  'memberships',
  'teams',
  ...tables.map((t) => `databases.${DATABASE_ID}.tables.${t}.rows`),
  `databases.${DATABASE_ID}.tables.status.rows.${victim}`,
]

async function subscribe(s: Socket, channels: string[]) {
  s.ws.send(JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: 'all', channels }] }))
  await s.until(() => s.frames.some((f) => f.type === 'response'), 'subscribe response')
}

const privateRow = (table: string, owner: string) =>
  call(`/v1/tablesdb/${DATABASE_ID}/tables/${table}/rows`, {
    headers: KEY,
    json: {
      rowId: 'unique()',
      data: requiredData(table as keyof typeof TABLES),
      permissions: [`read("user:${owner}")`],
    },
  })

describe('realtime leaks', () => {
  it('no one but Ada receives her account, private rows, files, status or presence', async () => {
    const mine = await socket(ada.cookie)
    const spies = {
      partner: await socket(ben.cookie),
      outsider: await socket(outsider.cookie),
      guest: await socket(),
    }
    for (const s of [mine, ...Object.values(spies)]) await subscribe(s, CHANNELS(ada.userId))

    // Ada's private changes, each of a kind a spy might hope to see.
    await call('/v1/account/prefs', {
      method: 'PATCH',
      headers: asCookie(ada),
      json: { prefs: { secret: 'x' } },
    })
    for (const t of [
      'bookmarks',
      'scans',
      'receipts',
      'push_subscriptions',
      'status_details',
      'logs',
    ])
      expect((await privateRow(t, ada.userId)).status, t).toBe(201)
    // Presence is private while not shared (Ben does not share): her status row stays hers.
    await call('/api/user/update-status', {
      headers: bearer(ada),
      json: {
        userId: ada.userId,
        payload: { presence: 'online', isTyping: true, typingRoomId: 'home' },
      },
    })
    // A heartbeat in view: her device's "last active" row, hers alone to read.
    await call('/api/presence/heartbeat', { headers: bearer(ada), json: { presence: 'online' } })
    const form = new FormData()
    form.set('fileId', 'unique()')
    form.set('file', new File([solidPng(2, 2, [1, 2, 3])], 'private.png', { type: 'image/png' }))
    form.append('permissions[]', `read("user:${ada.userId}")`)
    expect(
      (await call(`/v1/storage/buckets/${BUCKET_ID}/files`, { headers: asCookie(ada), body: form }))
        .status,
    ).toBe(201)
    mine.ws.send(
      JSON.stringify({ type: 'presence', data: { status: 'online', presenceId: 'ada-tab' } }),
    )
    // A socket frame and an HTTP call are not ordered with each other: the presence is published
    // before the fence only once its own event is out (ci69 saw the fence first).
    await mine.until(
      () => mine.events().some((e) => e.channels?.includes('presences.ada-tab')),
      "Ada's own presence event",
    )

    // The fence: a row anyone may read, made after all of the above.
    const fence = await call(`/v1/tablesdb/${DATABASE_ID}/tables/scans/rows`, {
      headers: KEY,
      json: { rowId: 'unique()', data: requiredData('scans'), permissions: ['read("any")'] },
    })
    const fenceId = ((await fence.json()) as { $id: string }).$id
    const sawFence = (s: Socket) => () => s.events().some((e) => e.payload?.$id === fenceId)
    for (const [who, s] of Object.entries({ ada: mine, ...spies }))
      await s.until(sawFence(s), `fence for ${who}`)

    // Ada's own socket got her private events: the account, six rows, status, her device's
    // activity (the report above), file, presence.
    const own = mine.events().flatMap((e) => e.channels ?? [])
    expect(own).toContain(`account.${ada.userId}`)
    for (const t of ['bookmarks', 'scans', 'push_subscriptions', 'status', 'session_activity'])
      expect(
        own.some((c) => c.startsWith(`databases.${DATABASE_ID}.tables.${t}.rows.`)),
        t,
      ).toBe(true)
    expect(own.some((c) => c.startsWith(`buckets.${BUCKET_ID}.files.`))).toBe(true)
    expect(own).toContain('presences.ada-tab')

    for (const [who, s] of Object.entries(spies)) {
      // What the partner's team may read anyway (her profile's name, say) is no leak.
      const teamRead = (e: Frame['data']) => {
        const table = e.channels?.find((c) => c.includes('.rows.'))?.split('.')[3] ?? ''
        const member = who === 'partner' ? ben : outsider
        return table in TABLES && tableGrants(table as keyof typeof TABLES, 'read', member)
      }
      const leaked = s.events().filter((e) => e.payload?.$id !== fenceId && !teamRead(e))
      expect(
        leaked.map((e) => [
          e.channels?.find((c) => c.includes('.rows.')),
          JSON.stringify(e.payload).slice(0, 300),
        ]),
        `${who} received`,
      ).toEqual([])
    }
    for (const s of [mine, ...Object.values(spies)]) s.ws.close(1000, 'done')
  })

  it("naming another user's account channel subscribes to nothing of theirs", async () => {
    const spy = await socket(ben.cookie)
    await subscribe(spy, [`account.${ada.userId}`, `account.${ada.userId}.update`])
    const response = spy.frames.find((f) => f.type === 'response')!
    expect(JSON.stringify(response)).not.toContain(ada.userId)
    spy.ws.close(1000, 'done')
  })
})

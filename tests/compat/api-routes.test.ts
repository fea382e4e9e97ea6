import { ID, Query, TablesDB, Teams } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { call, createUser, errorShape, jwtFor, keyClient, KEY, type TestUser } from './api-setup'

// Every spec route of /api through both adapters: server A runs the embedded backend; server B
// runs in appwrite mode against A's /v1 with A's key (B has no /v1 of its own).
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

let a: AppServer
let b: AppServer
let ada: TestUser, ben: TestUser, dummy: TestUser, outsider: TestUser
const jwt: Record<string, string> = {}

beforeAll(async () => {
  a = await startAppServer()
  ada = await createUser(a.url, 'ada@kathelia.test', 'Ada')
  ben = await createUser(a.url, 'ben@kathelia.test', 'Ben')
  dummy = await createUser(a.url, 'dummy@kathelia.test', 'Dummy', false)
  outsider = await createUser(a.url, 'outsider@kathelia.test', 'Outsider')
  for (const u of [ada, ben, dummy, outsider]) jwt[u.email] = await jwtFor(a.url, u.email)
  b = await startAppServer({ APPWRITE_ENDPOINT: `${a.url}/v1`, APPWRITE_API_KEY: KEY })
}, 120_000)

afterAll(async () => {
  await b?.close()
  await a?.close()
})

const expect401 = async (server: string, path: string, body: unknown) => {
  const r = await call(server, path, body)
  expect(r.status).toBe(401)
  expect(errorShape(r).code).toBe('unauthorized')
}
const expectError = (r: Awaited<ReturnType<typeof call>>, status: number) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  return errorShape(r)
}

describe.each([
  ['embedded', () => a.url],
  ['appwrite', () => b.url],
])('/api with the %s adapter', (mode, url) => {
  const as = (u: TestUser) => jwt[u.email]
  const post = (path: string, body: unknown, u?: TestUser, h?: Record<string, string>) =>
    call(url(), path, body, u && as(u), h)

  beforeAll(async () => {
    // Both suites share A's data: start each from "no status rows".
    const tables = new TablesDB(keyClient(a.url))
    for (const u of [ada, ben])
      await tables
        .deleteRow({ databaseId: 'kathelia', tableId: 'status', rowId: u.id })
        .catch(() => undefined)
  })

  it('reports which backend it uses', async () => {
    const res = await fetch(`${url()}/api/health`)
    expect((await res.json()).backend).toBe(mode)
  })

  it('gates on the verified JWT: none → 401, forged → 401, unverified and not allowlisted → 403', async () => {
    await expect401(url(), '/auth/flags', { email: ada.email })
    const forged = await call(url(), '/auth/flags', { email: ada.email }, 'not-a-jwt')
    expectError(forged, 401)
    const unverified = expectError(await post('/auth/flags', { email: dummy.email }, dummy), 403)
    expect(unverified).toEqual({ code: 'email_unverified', message: TEXTS.unverifiedEmail })
    const outside = expectError(await post('/auth/flags', { email: outsider.email }, outsider), 403)
    expect(outside).toEqual({ code: 'not_authorized', message: TEXTS.notAuthorized })
  })

  it('/auth/flags: isAdmin only for the admin email; another email → 403; bad body → 400', async () => {
    expect((await post('/auth/flags', { email: ada.email }, ada)).body).toEqual({ isAdmin: true })
    expect((await post('/auth/flags', { email: 'BEN@kathelia.test' }, ben)).body).toEqual({
      isAdmin: false,
    })
    expectError(await post('/auth/flags', { email: ada.email }, ben), 403)
    expect(expectError(await post('/auth/flags', { email: 'nope' }, ben), 400).code).toBe(
      'validation_failed',
    )
    expectError(await post('/auth/flags', '{not json', ben), 400)
  })

  it('/auth/assign-teams: user team for all, admin team for the admin, idempotent', async () => {
    await expect401(url(), '/auth/assign-teams', { userId: ada.id })
    expectError(await post('/auth/assign-teams', { userId: ben.id }, ada), 403)
    expectError(await post('/auth/assign-teams', { user: ada.id }, ada), 400)
    for (let i = 0; i < 2; i++) {
      expect((await post('/auth/assign-teams', { userId: ada.id }, ada)).body).toEqual({
        teams: ['user', 'admin'],
      })
      expect((await post('/auth/assign-teams', { userId: ben.id }, ben)).body).toEqual({
        teams: ['user'],
      })
    }
    const teams = new Teams(keyClient(a.url))
    const members = async (team: string) =>
      (await teams.listMemberships({ teamId: team })).memberships.map((m) => m.userId).sort()
    expect(await members('user')).toEqual([ada.id, ben.id].sort())
    expect(await members('admin')).toEqual([ada.id])
  })

  it('/auth/create-status and /user/status: own row only, created once', async () => {
    expectError(await post('/user/status', { userId: ada.id }, ada), 404)
    const first = await post('/auth/create-status', { userId: ada.id }, ada)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ $id: ada.id, isOnline: false, isTyping: false })
    expect((await post('/auth/create-status', { userId: ada.id }, ada)).status).toBe(200)
    expect((await post('/auth/create-status', { userId: ben.id }, ben)).status).toBe(201)
    expectError(await post('/auth/create-status', { userId: ben.id }, ada), 403)
    await expect401(url(), '/auth/create-status', { userId: ada.id })
    expectError(await post('/auth/create-status', {}, ada), 400)
    expect((await post('/user/status', { userId: ada.id }, ada)).body.$id).toBe(ada.id)
    expectError(await post('/user/status', { userId: ben.id }, ada), 403)
    await expect401(url(), '/user/status', { userId: ada.id })
    expectError(await post('/user/status', { userId: 42 }, ada), 400)
  })

  it('/user/update-status: device from the User-Agent, location from geo, client claims ignored', async () => {
    const r = await post(
      '/user/update-status',
      {
        userId: ben.id,
        payload: { isOnline: true, activity: 'chatting', deviceType: 'Desktop', location: 'Mars' },
      },
      ben,
      { 'user-agent': IPHONE },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({
      $id: ben.id,
      isOnline: true,
      presence: 'online',
      deviceType: 'Mobile',
      browser: 'Mobile Safari 17',
      operatingSystem: 'iOS 17.0',
      activity: 'chatting',
      // No IP service configured: request.cf (miniflare's placeholder: Austin, TX, US).
      location: 'Austin, Texas, United States',
    })
    expect(Date.now() - Date.parse(r.body.lastSeenAt)).toBeLessThan(60_000)
    const typing = await post(
      '/user/update-status',
      { userId: ben.id, payload: { isTyping: true, typingRoomId: 'home' } },
      ben,
    )
    expect(typing.body).toMatchObject({ isTyping: true, typingRoomId: 'home', isOnline: true })
    expectError(
      await post('/user/update-status', { userId: ada.id, payload: { isOnline: true } }, ben),
      403,
    )
    await expect401(url(), '/user/update-status', { userId: ben.id, payload: {} })
    expectError(
      await post(
        '/user/update-status',
        { userId: ben.id, payload: { isOnline: false, presence: 'online' } },
        ben,
      ),
      400,
    )
  })

  it('/auth/chatee and /auth/chatee-status: the partner only; details for the admin only', async () => {
    expect((await post('/auth/chatee', { email: ada.email }, ada)).body).toEqual({
      $id: ben.id,
      name: 'Ben',
      email: ben.email,
    })
    expect((await post('/auth/chatee', { email: ben.email }, ben)).body.$id).toBe(ada.id)
    expectError(await post('/auth/chatee', { email: ben.email }, ada), 403)
    await expect401(url(), '/auth/chatee', { email: ada.email })
    expectError(await post('/auth/chatee', { mail: ada.email }, ada), 400)

    const full = await post('/auth/chatee-status', { userId: ben.id }, ada)
    expect(full.body).toMatchObject({
      $id: ben.id,
      isOnline: true,
      deviceType: 'Mobile',
      location: 'Austin, Texas, United States',
    })
    await post('/user/update-status', { userId: ada.id, payload: { isOnline: true } }, ada)
    const partial = await post('/auth/chatee-status', { userId: ada.id }, ben)
    expect(partial.body).toMatchObject({
      $id: ada.id,
      isOnline: true,
      location: null,
      deviceType: null,
      browser: null,
      activity: null,
    })
    expectError(await post('/auth/chatee-status', { userId: dummy.id }, ada), 403)
    await expect401(url(), '/auth/chatee-status', { userId: ben.id })
    expectError(await post('/auth/chatee-status', { userId: '' }, ada), 400)
  })

  it('/user/info: name and email of self or chatee, never a password', async () => {
    expect((await post('/user/info', { userId: ada.id }, ada)).body).toEqual({
      $id: ada.id,
      name: 'Ada',
      email: ada.email,
    })
    expect(
      (await post('/user/info', { userId: ben.id, includePassword: false }, ada)).body.email,
    ).toBe(ben.email)
    expectError(await post('/user/info', { userId: dummy.id }, ada), 403)
    expectError(await post('/user/info', { userId: ada.id, includePassword: true }, ada), 400)
    await expect401(url(), '/user/info', { userId: ada.id })
  })

  it('/system/log: written with the server key, as the caller', async () => {
    const r = await post(
      '/system/log',
      { section: 'auth', action: 'test', description: `from ${mode}`, data: { n: 1 } },
      ben,
    )
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const row = await new TablesDB(keyClient(a.url)).getRow({
      databaseId: 'kathelia',
      tableId: 'logs',
      rowId: r.body.$id,
    })
    expect(row).toMatchObject({ section: 'auth', action: 'test', userId: ben.id, data: '{"n":1}' })
    expectError(
      await post(
        '/system/log',
        { section: 's', action: 'a', description: 'd', userId: ada.id },
        ben,
      ),
      403,
    )
    await expect401(url(), '/system/log', { section: 's', action: 'a', description: 'd' })
    expectError(await post('/system/log', { action: 'a', description: 'd' }, ben), 400)
  })

  it('/message/add: as the caller, kind user, a retried clientId never duplicates', async () => {
    const clientId = ID.unique()
    const body = { roomId: 'home', message: `hello from ${mode}`, clientId }
    const first = await post('/message/add', body, ben)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ roomId: 'home', senderId: ben.id, kind: 'user', clientId })
    const again = await Promise.all([
      post('/message/add', body, ben),
      post('/message/add', body, ben),
    ])
    for (const r of again) expect([r.status, r.body.$id]).toEqual([200, first.body.$id])
    const rows = await new TablesDB(keyClient(a.url)).listRows({
      databaseId: 'kathelia',
      tableId: 'messages',
      queries: [Query.equal('clientId', clientId)],
    })
    expect(rows.total).toBe(1)
    expectError(await post('/message/add', { roomId: 'no-such-room', message: 'x' }, ben), 404)
    await expect401(url(), '/message/add', body)
    expectError(await post('/message/add', { roomId: 'home', message: '   ' }, ben), 400)
    // A client cannot claim another sender or a system notice: those fields are ignored.
    const spoof = await post(
      '/message/add',
      { roomId: 'home', message: 'x', kind: 'system', senderId: ada.id },
      ben,
    )
    expect(spoof.body).toMatchObject({ kind: 'user', senderId: ben.id })
  })

  it('/room/add: normalised unique hiddenName → 409 on a duplicate', async () => {
    const r = await post(
      '/room/add',
      { name: 'Trips', hiddenName: ` Trips ${mode} `, color: '#A1B2C3' },
      ben,
    )
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({
      state: true,
      room: { name: 'Trips', hiddenName: `trips-${mode}`, color: '#a1b2c3', isDeleted: false },
    })
    const dup = expectError(
      await post(
        '/room/add',
        { name: 'Other', hiddenName: `TRIPS  ${mode}`, color: '#000000' },
        ada,
      ),
      409,
    )
    expect(dup.message).toContain(`"trips-${mode}"`)
    await expect401(url(), '/room/add', { name: 'x', hiddenName: 'x', color: '#000000' })
    expect(
      expectError(
        await post('/room/add', { name: ' ', hiddenName: 'y', color: '#000000' }, ben),
        400,
      ).message,
    ).toContain(TEXTS.createRoomFieldsRequired)
    expectError(await post('/room/add', { name: 'y', hiddenName: 'y', color: 'red' }, ben), 400)
  })

  it('/presence/heartbeat and /presence/beacon (JWT in a text/plain body)', async () => {
    const hb = await post('/presence/heartbeat', {}, ada)
    expect(hb.body).toMatchObject({ isOnline: true, intervalMs: 20_000 })
    await expect401(url(), '/presence/heartbeat', {})
    expectError(await post('/presence/heartbeat', { isOnline: false }, ada), 400)
    const beacon = await fetch(`${url()}/api/presence/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ jwt: as(ada), presence: 'offline' }),
    })
    expect(beacon.status).toBe(204)
    expect((await post('/user/status', { userId: ada.id }, ada)).body).toMatchObject({
      isOnline: false,
      presence: 'offline',
    })
    const plain = (body: string) =>
      fetch(`${url()}/api/presence/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      })
    expect((await plain('{"presence":"offline"}')).status).toBe(401)
    expect((await plain('{oops')).status).toBe(400)
  })

  it('/auth/authorized: public, allowlist answer, rate limited per IP', async () => {
    expect((await post('/auth/authorized', { email: 'Ada@Kathelia.test' })).body).toEqual({
      state: true,
    })
    expect((await post('/auth/authorized', { email: 'eve@example.com' })).body).toEqual({
      state: false,
      message: TEXTS.notAuthorized,
    })
    expectError(await post('/auth/authorized', { email: 'not an email' }), 400)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/auth/authorized', { email: ada.email })),
    )
    const limited =
      answers.find((r) => r.status === 429) ??
      (await post('/auth/authorized', { email: ada.email }))
    expect(expectError(limited, 429).code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

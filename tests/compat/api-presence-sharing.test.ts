import { AppwriteException, Realtime, TablesDB } from 'appwrite'
import { TablesDB as ServerTables } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adapters,
  call,
  createUser,
  keyClient,
  PASSWORD,
  startAdapterPair,
  type AdapterPair,
  type TestUser,
} from './api-setup'
import { expectError } from './api-routes-setup'
import { acked, inbox, until } from './helpers/realtime'
import { PROJECT, webClient, type WebClient } from './helpers/web-sdk'

// Presence privacy (spec §1, §6) and Settings' reciprocal sharing, through both adapters: the
// product API runs on A (embedded) or B (REST adapter against A's /v1); the web SDK reads and
// subscribes on A, where the rows of both live. Ada is the admin, Ben her partner.
const DB = 'kathelia'
const STATUS = `tablesdb.${DB}.tables.status.rows`

let pair: AdapterPair
let ada: TestUser, ben: TestUser
const web: Record<string, WebClient> = {}
const jwt: Record<string, string> = {}
const sockets: Realtime[] = []

beforeAll(async () => {
  pair = await startAdapterPair()
  ada = await createUser(pair.a.url, 'ada@kathelia.test', 'Ada')
  ben = await createUser(pair.a.url, 'ben@kathelia.test', 'Ben')
  for (const u of [ada, ben]) {
    const w = (web[u.id] = webClient(pair.a.url))
    await w.account.createEmailPasswordSession({ email: u.email, password: PASSWORD })
    jwt[u.id] = (await w.account.createJWT()).jwt
    expect((await call(pair.a.url, '/auth/assign-teams', { userId: u.id }, jwt[u.id])).status).toBe(
      200,
    )
    expect(
      (await call(pair.a.url, '/auth/create-status', { userId: u.id }, jwt[u.id])).status,
    ).toBe(201)
  }
}, 120_000)

afterAll(async () => {
  for (const rt of sockets) await rt.disconnect()
  await pair?.close()
})

const tablesAs = (u: TestUser) => new TablesDB(web[u.id].client)
const readStatus = (reader: TestUser, owner: TestUser) =>
  tablesAs(reader)
    .getRow({ databaseId: DB, tableId: 'status', rowId: owner.id })
    .then(
      (row) => ({ ok: true as const, presence: row.presence as unknown }),
      (e: AppwriteException) => ({ ok: false as const, code: e.code, type: e.type }),
    )
const DENIED = { ok: false, code: 404, type: 'row_not_found' }

function realtimeAs(u: TestUser) {
  const { client } = webClient(pair.a.url)
  const session = web[u.id].jar.get(`a_session_${PROJECT}`)
  if (!session) throw new Error(`no session for ${u.email}`)
  client.setSession(session)
  const rt = new Realtime(client)
  sockets.push(rt)
  return rt
}

describe.each(adapters(() => pair))('presence sharing with the %s adapter', (_mode, url) => {
  const post = (path: string, body: unknown, u?: TestUser) =>
    call(url(), path, body, u && jwt[u.id])
  const share = async (u: TestUser, on: boolean) => {
    const r = await post('/user/sharing', { share: on }, u)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body as { mine: boolean; partner: boolean }
  }
  const heartbeat = async (u: TestUser) =>
    expect((await post('/presence/heartbeat', {}, u)).status).toBe(200)

  it('is off by default: Ben reads neither Ada’s presence row nor her status; the admin reads Ben’s', async () => {
    await share(ada, false)
    await share(ben, false)
    await heartbeat(ada)
    await heartbeat(ben)
    expect((await post('/user/sharing', {}, ben)).body).toEqual({
      mine: false,
      partner: false,
    })
    expect(await readStatus(ben, ada)).toEqual(DENIED)
    const listed = await tablesAs(ben).listRows({ databaseId: DB, tableId: 'status' })
    expect(listed.rows.map((r) => r.$id)).toEqual([ben.id])
    const denied = expectError(await post('/auth/chatee-status', { userId: ada.id }, ben), 403)
    expect(denied.code).toBe('presence_not_shared')
    expect(await readStatus(ada, ben)).toEqual({ ok: true, presence: 'online' })
    const admin = await post('/auth/chatee-status', { userId: ben.id }, ada)
    expect(admin.body).toMatchObject({ $id: ben.id, isOnline: true, presence: 'online' })
  })

  it('keeps the names readable whatever the sharing', async () => {
    const profile = await tablesAs(ben).getRow({
      databaseId: DB,
      tableId: 'profiles',
      rowId: ada.id,
    })
    expect(profile).toMatchObject({ name: 'Ada', sharePresence: false })
  })

  it('is reciprocal: who shares alone sees nothing, and the admin view never changes', async () => {
    expect(await share(ben, true)).toEqual({ mine: true, partner: false })
    expect(await readStatus(ben, ada)).toEqual(DENIED)
    const notYet = expectError(await post('/auth/chatee-status', { userId: ada.id }, ben), 403)
    expect(notYet).toEqual({
      code: 'presence_not_shared',
      message: 'Your partner does not share their online status',
    })
    expect(await share(ada, true)).toEqual({ mine: true, partner: true })
    expect(await share(ben, false)).toEqual({ mine: false, partner: true })
    expect(await readStatus(ben, ada)).toEqual(DENIED)
    const own = expectError(await post('/auth/chatee-status', { userId: ada.id }, ben), 403)
    expect(own.message).toBe('Share your own online status in Settings to see your partner’s')
    // Ben does not share, yet the admin still reads his presence.
    expect(await readStatus(ada, ben)).toEqual({ ok: true, presence: 'online' })
    expect((await post('/auth/chatee-status', { userId: ben.id }, ada)).status).toBe(200)
  })

  it('both sharing: Ben reads Ada’s presence and typing through rows, the API and realtime, until she stops', async () => {
    expect(await share(ben, true)).toEqual({ mine: true, partner: true })
    expect(await readStatus(ben, ada)).toEqual({ ok: true, presence: 'online' })
    const partial = await post('/auth/chatee-status', { userId: ada.id }, ben)
    expect(partial.body).toMatchObject({ $id: ada.id, presence: 'online', deviceType: null })

    const rt = realtimeAs(ben)
    const toBen = inbox()
    await rt.subscribe(STATUS, toBen.push)
    await acked(rt, STATUS)
    const typing = { userId: ada.id, payload: { isTyping: true, typingRoomId: 'home' } }
    expect((await post('/user/update-status', typing, ada)).status).toBe(200)
    const seen = await until(
      () => toBen.events.find((e) => e.payload.$id === ada.id && e.payload.isTyping === true),
      'Ada’s typing event',
    )
    expect(seen.payload.typingRoomId).toBe('home')

    expect(await share(ada, false)).toEqual({ mine: false, partner: true })
    toBen.events.length = 0
    expect((await post('/user/update-status', typing, ada)).status).toBe(200)
    // Ben's own report comes after Ada's on the same socket: once it is here, hers is not coming.
    expect(
      (await post('/user/update-status', { userId: ben.id, payload: { isTyping: true } }, ben))
        .status,
    ).toBe(200)
    await until(() => toBen.events.find((e) => e.payload.$id === ben.id), 'Ben’s own event')
    expect(toBen.events.filter((e) => e.payload.$id === ada.id)).toEqual([])
    expect(await readStatus(ben, ada)).toEqual(DENIED)
    expectError(await post('/auth/chatee-status', { userId: ada.id }, ben), 403)
  })

  it('a row written before these grants gets them at its owner’s next report', async () => {
    const server = new ServerTables(keyClient(pair.a.url))
    const at = { databaseId: DB, tableId: 'status', rowId: ada.id }
    await server.deleteRow(at)
    await server.createRow({ ...at, data: { isOnline: false, presence: 'offline' } })
    expect(await share(ada, true)).toEqual({ mine: true, partner: true })
    await server.updateRow({ ...at, permissions: [] })
    expect(await readStatus(ben, ada)).toEqual(DENIED)
    expect(await readStatus(ada, ada)).toEqual({ ok: true, presence: 'offline' }) // team admin
    await heartbeat(ada)
    expect(await readStatus(ben, ada)).toEqual({ ok: true, presence: 'online' })
    expect((await server.getRow(at)).$permissions).toEqual([
      `read("user:${ada.id}")`,
      `read("user:${ben.id}")`,
    ])
    expect(await share(ada, false)).toEqual({ mine: false, partner: true })
  })

  it('refuses a bad body (400) and an anonymous caller (401)', async () => {
    expectError(await post('/user/sharing', { share: 'yes' }, ben), 400)
    expectError(await post('/user/sharing', { share: true, userId: ada.id }, ben), 400)
    expectError(await post('/user/sharing', { share: true }), 401)
  })
})

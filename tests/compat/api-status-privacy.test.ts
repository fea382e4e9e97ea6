import { AppwriteException, Realtime, TablesDB } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { call, createUser, PASSWORD, type TestUser } from './api-setup'
import { acked, inbox, until } from './helpers/realtime'
import { PROJECT, webClient, type WebClient } from './helpers/web-sdk'

// Spec §6: only the admin sees the partner's location, device, browser, OS and activity. Here
// both partners share their presence (Settings), so each reads the other's status row (presence,
// typing) with the web SDK; the details live in status_details, which only team admin reads —
// through rows and through realtime. Without sharing: api-presence-sharing.test.ts.
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const DETAILS = ['location', 'deviceType', 'browser', 'operatingSystem', 'activity']
const DB = 'kathelia'

let app: AppServer
let ada: TestUser, ben: TestUser
const web: Record<string, WebClient> = {}
const jwt: Record<string, string> = {}
const realtimes: Realtime[] = []

beforeAll(async () => {
  app = await startAppServer()
  ada = await createUser(app.url, 'ada@kathelia.test', 'Ada')
  ben = await createUser(app.url, 'ben@kathelia.test', 'Ben')
  for (const u of [ada, ben]) {
    const w = (web[u.id] = webClient(app.url))
    await w.account.createEmailPasswordSession({ email: u.email, password: PASSWORD })
    jwt[u.id] = (await w.account.createJWT()).jwt
    expect((await call(app.url, '/auth/assign-teams', { userId: u.id }, jwt[u.id])).status).toBe(
      200,
    )
    await online(u, u === ada ? DESKTOP : IPHONE, 'reading')
  }
  for (const u of [ada, ben]) {
    const r = await call(app.url, '/user/sharing', { share: true }, jwt[u.id])
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
}, 120_000)

afterAll(async () => {
  for (const rt of realtimes) await rt.disconnect()
  await app?.close()
})

async function online(u: TestUser, ua: string, activity: string) {
  const r = await call(
    app.url,
    '/user/update-status',
    { userId: u.id, payload: { isOnline: true, activity } },
    jwt[u.id],
    { 'user-agent': ua },
  )
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}
const tablesAs = (u: TestUser) => new TablesDB(web[u.id].client)
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('expected a refusal'),
    (e: AppwriteException) => ({ code: e.code, type: e.type }),
  )
/** A web SDK Realtime signed in as the user (the `authentication` frame, as the SPA's SDK does). */
function realtimeAs(u: TestUser) {
  const { client } = webClient(app.url)
  client.setSession(sessionOf(u))
  const rt = new Realtime(client)
  realtimes.push(rt)
  return rt
}
const sessionOf = (u: TestUser) => {
  const s = web[u.id].jar.get(`a_session_${PROJECT}`)
  if (!s) throw new Error(`no session for ${u.email}`)
  return s
}
const rowsChannel = (table: string) => `tablesdb.${DB}.tables.${table}.rows`

describe('status details are for the admin only', () => {
  it('the partner row Ben reads has presence but no device details', async () => {
    const row = await tablesAs(ben).getRow({ databaseId: DB, tableId: 'status', rowId: ada.id })
    expect(row).toMatchObject({ $id: ada.id, isOnline: true, presence: 'online' })
    for (const key of DETAILS) expect(row).not.toHaveProperty(key)
  })

  it('Ben cannot read Ada’s details row or list the table', async () => {
    const get = tablesAs(ben).getRow({ databaseId: DB, tableId: 'status_details', rowId: ada.id })
    expect(await refusal(get)).toEqual({ code: 404, type: 'row_not_found' })
    const list = tablesAs(ben).listRows({ databaseId: DB, tableId: 'status_details' })
    expect(await refusal(list)).toEqual({ code: 401, type: 'user_unauthorized' })
  })

  it('Ada (admin) reads Ben’s details row', async () => {
    const row = await tablesAs(ada).getRow({
      databaseId: DB,
      tableId: 'status_details',
      rowId: ben.id,
    })
    expect(row).toMatchObject({
      $id: ben.id,
      deviceType: 'Mobile',
      browser: 'Mobile Safari 17',
      operatingSystem: 'iOS 17.0',
      activity: 'reading',
      location: 'Austin, Texas, United States',
    })
  })

  it('realtime: Ada receives Ben’s details, Ben receives Ada’s presence but not her details', async () => {
    const [adaRt, benRt] = [realtimeAs(ada), realtimeAs(ben)]
    const toAda = inbox()
    const toBen = inbox()
    await adaRt.subscribe(rowsChannel('status_details'), toAda.push)
    await benRt.subscribe([rowsChannel('status'), rowsChannel('status_details')], toBen.push)
    await acked(adaRt, rowsChannel('status_details'))
    await acked(benRt, rowsChannel('status_details'))

    await online(ada, IPHONE, 'typing a poem')
    // Details are written before the status row, so the status event is the last of the two.
    const seen = await until(
      () => toBen.events.find((e) => e.payload.$id === ada.id),
      'Ada’s status event',
    )
    expect(seen.channels).toContain(rowsChannel('status'))
    for (const key of DETAILS) expect(seen.payload).not.toHaveProperty(key)
    expect(toBen.events.filter((e) => e.channels.includes(rowsChannel('status_details')))).toEqual(
      [],
    )

    await online(ben, DESKTOP, 'listening')
    const details = await until(
      () => toAda.events.find((e) => e.payload.$id === ben.id),
      'Ben’s details event',
    )
    expect(details.payload).toMatchObject({ deviceType: 'Desktop', activity: 'listening' })
  })

  it('the product API still gives the admin full details and Ben none', async () => {
    const full = await call(app.url, '/auth/chatee-status', { userId: ben.id }, jwt[ada.id])
    expect(full.body).toMatchObject({ $id: ben.id, deviceType: 'Desktop', activity: 'listening' })
    const partial = await call(app.url, '/auth/chatee-status', { userId: ada.id }, jwt[ben.id])
    expect(partial.body).toMatchObject({ $id: ada.id, isOnline: true, deviceType: null })
    for (const key of DETAILS) expect(partial.body[key]).toBeNull()
    const own = await call(app.url, '/user/status', { userId: ben.id }, jwt[ben.id])
    expect(own.body).toMatchObject({ deviceType: 'Desktop', activity: 'listening' })
  })
})

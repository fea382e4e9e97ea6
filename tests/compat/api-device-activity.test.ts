import { Query, TablesDB } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { adapters, call, PASSWORD } from './api-setup'
import { useRoutesWorld } from './api-routes-setup'
import { webClient } from './helpers/web-sdk'

// Settings' "last active" per device: a presence report of a device in use notes when, in a row
// of its session that only its owner reads (shared/db-schema.ts session_activity), through both
// adapters. The session is the JWT's own; nothing in the body names it.
const world = useRoutesWorld()
const DB = { databaseId: 'kathelia', tableId: 'session_activity' }

/** A device of one's own: a web session as the SPA makes it, its JWT, and the session's id. */
async function device(email: string) {
  const web = webClient(world.pair.a.url)
  await web.account.createEmailPasswordSession({ email, password: PASSWORD })
  const { jwt } = await web.account.createJWT()
  const { $id } = await web.account.getSession({ sessionId: 'current' })
  const rows = async () =>
    (await new TablesDB(web.client).listRows({ ...DB, queries: [Query.limit(100)] })).rows
  return { jwt, sessionId: $id, rows }
}

describe.each(adapters(() => world.pair))('device activity, %s adapter', (_mode, url) => {
  const heartbeat = (jwt: string, presence: 'online' | 'away') =>
    call(url(), '/presence/heartbeat', { presence, tab: 'device-tab' }, jwt)
  const ids = async (d: Awaited<ReturnType<typeof device>>) => (await d.rows()).map((r) => r.$id)

  it('notes a device in view, at most once a minute, readable by its owner alone', async () => {
    const { ben, ada } = world
    const phone = await device(ben.email)
    const laptop = await device(ben.email)
    // A hidden tab's heartbeat is no use of the device.
    expect((await heartbeat(laptop.jwt, 'away')).status).toBe(200)
    expect(await ids(laptop)).not.toContain(laptop.sessionId)

    const before = Date.now()
    expect((await heartbeat(phone.jwt, 'online')).status).toBe(200)
    const noted = (await phone.rows()).find((r) => r.$id === phone.sessionId)
    expect(noted).toMatchObject({ userId: ben.id })
    const at = Date.parse(noted!.activeAt as string)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)
    // Within the minute a heartbeat changes nothing.
    expect((await heartbeat(phone.jwt, 'online')).status).toBe(200)
    const again = (await phone.rows()).find((r) => r.$id === phone.sessionId)
    expect(again!.activeAt).toBe(noted!.activeAt)
    // The laptop in view: its own row, seen from either device of his.
    expect((await heartbeat(laptop.jwt, 'online')).status).toBe(200)
    expect(await ids(phone)).toContain(laptop.sessionId)
    // A status report names no device: the heartbeat that follows it does.
    const tablet = await device(ben.email)
    const report = { userId: ben.id, payload: { presence: 'online', isTyping: true } }
    expect((await call(url(), '/user/update-status', report, tablet.jwt)).status).toBe(200)
    expect(await ids(tablet)).not.toContain(tablet.sessionId)

    // Not the partner's to read, admin or not.
    const seen = await ids(await device(ada.email))
    expect(seen).not.toContain(phone.sessionId)
    expect(seen).not.toContain(laptop.sessionId)
  })
})

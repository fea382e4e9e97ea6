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
  const report = (jwt: string, userId: string, payload: Record<string, unknown>) =>
    call(url(), '/user/update-status', { userId, payload }, jwt)
  const heartbeat = (jwt: string, presence: 'online' | 'away') =>
    call(url(), '/presence/heartbeat', { presence, tab: 'device-tab' }, jwt)

  it('notes a device in use, at most once a minute, readable by its owner alone', async () => {
    const { ben, ada } = world
    const phone = await device(ben.email)
    const laptop = await device(ben.email)
    // A hidden tab's heartbeat is no use of the device.
    expect((await report(laptop.jwt, ben.id, { presence: 'away' })).status).toBe(200)
    expect((await laptop.rows()).map((r) => r.$id)).not.toContain(laptop.sessionId)

    const before = Date.now()
    expect((await report(phone.jwt, ben.id, { presence: 'online' })).status).toBe(200)
    const noted = (await phone.rows()).find((r) => r.$id === phone.sessionId)
    expect(noted).toMatchObject({ userId: ben.id })
    const at = Date.parse(noted!.activeAt as string)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now() + 1000)
    // Within the minute a report changes nothing.
    await report(phone.jwt, ben.id, { presence: 'online', isTyping: true, typingRoomId: 'home' })
    const again = (await phone.rows()).find((r) => r.$id === phone.sessionId)
    expect(again!.activeAt).toBe(noted!.activeAt)
    // Typing is use too: the laptop's own row, seen from either device of his.
    await report(laptop.jwt, ben.id, { isTyping: true, typingRoomId: 'home' })
    expect((await phone.rows()).map((r) => r.$id)).toContain(laptop.sessionId)

    // A visible tab's heartbeat notes its device; a hidden tab's does not.
    const tablet = await device(ben.email)
    expect((await heartbeat(tablet.jwt, 'away')).status).toBe(200)
    expect((await tablet.rows()).map((r) => r.$id)).not.toContain(tablet.sessionId)
    expect((await heartbeat(tablet.jwt, 'online')).status).toBe(200)
    expect((await tablet.rows()).map((r) => r.$id)).toContain(tablet.sessionId)

    // Not the partner's to read, admin or not.
    const hers = await device(ada.email)
    const seen = (await hers.rows()).map((r) => r.$id)
    expect(seen).not.toContain(phone.sessionId)
    expect(seen).not.toContain(laptop.sessionId)
  })
})

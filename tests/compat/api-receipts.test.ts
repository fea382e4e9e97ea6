import { ID, Query, TablesDB } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachmentsPeople, type Person } from './api-attachments-setup'
import { adapters, call, errorShape, type AdapterPair } from './api-setup'

// Read receipts through both adapters: written only through /api/receipt as the caller, the
// partner's position readable only while both send receipts (the setting is reciprocal).
let pair: AdapterPair
let ada: Person
let ben: Person
beforeAll(async () => void ({ pair, ada, ben } = await attachmentsPeople()), 120_000)
afterAll(async () => {
  await pair?.close()
})

type Receipt = { roomId: string; userId: string; kind: string; seq: number | null; readAt: string }

/** Every receipt row of a room that `p` can read with the web SDK (as the SPA reads them). */
async function visible(p: Person, roomId: string): Promise<Receipt[]> {
  const { rows } = await new TablesDB(p.web.client).listRows({
    databaseId: 'kathelia',
    tableId: 'receipts',
    queries: [Query.equal('roomId', roomId), Query.limit(100)],
  })
  return rows as unknown as Receipt[]
}
const row = (rows: Receipt[], userId: string, kind: string) =>
  rows.find((r) => r.userId === userId && r.kind === kind)

describe.each(adapters(() => pair))('/api/receipt with the %s adapter', (mode, url) => {
  const post = (path: string, body: unknown, p?: Person) => call(url(), path, body, p?.jwt)
  let roomId: string

  beforeAll(async () => {
    const room = await post('/room/add', { name: `Receipts ${mode}`, color: '#336699' }, ada)
    expect(room.status, JSON.stringify(room.body)).toBe(201)
    roomId = room.body.$id ?? room.body.room?.$id
    for (const text of ['one', 'two', 'three']) {
      const m = await post('/message/add', { roomId, message: text }, ada)
      expect(m.status).toBe(201)
    }
  })

  it('stores the reader position as the caller, forward only, visible to the partner', async () => {
    const r = await post('/receipt/read', { roomId, seq: 2 }, ben)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ roomId, seq: 2, shared: true })
    const seen = await visible(ada, roomId)
    const shared = row(seen, ben.id, 'shared')
    expect(shared).toMatchObject({ seq: 2 })
    expect(Date.parse(shared!.readAt)).toBe(Date.parse(r.body.readAt))
    // The partner never reads Ben's own row; Ben reads it (his unread counts on any device).
    expect(row(seen, ben.id, 'own')).toBeUndefined()
    expect(row(await visible(ben, roomId), ben.id, 'own')).toMatchObject({ seq: 2 })
    // Older or repeated positions change nothing; one past the newest message is clamped.
    expect((await post('/receipt/read', { roomId, seq: 1 }, ben)).body.seq).toBe(2)
    expect((await post('/receipt/read', { roomId, seq: 99 }, ben)).body.seq).toBe(3)
    expect(row(await visible(ada, roomId), ben.id, 'shared')?.seq).toBe(3)
  })

  it('refuses a receipt for another user, anonymous and malformed calls, unknown rooms', async () => {
    const other = await post('/receipt/read', { roomId, seq: 1, userId: ada.id }, ben)
    expect(other.status).toBe(403)
    expect(errorShape(other).code).toBe('forbidden')
    expect(row(await visible(ada, roomId), ada.id, 'own')).toBeUndefined()
    expect((await post('/receipt/read', { roomId, seq: 1 })).status).toBe(401)
    for (const body of [{ roomId }, { roomId, seq: -1 }, { roomId, seq: 1.5 }, { seq: 1 }]) {
      const r = await post('/receipt/read', body, ben)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(errorShape(r).code).toBe('validation_failed')
    }
    expect((await post('/receipt/read', { roomId: 'nope', seq: 1 }, ben)).status).toBe(404)
    expect((await post('/receipt/setting', { enabled: 'no' }, ben)).status).toBe(400)
  })

  it('never lets a user write receipt rows directly with the SDK', async () => {
    const tables = new TablesDB(ben.web.client)
    const data = {
      roomId,
      userId: ada.id,
      kind: 'shared',
      seq: 3,
      readAt: new Date().toISOString(),
    }
    await expect(
      tables.createRow({ databaseId: 'kathelia', tableId: 'receipts', rowId: ID.unique(), data }),
    ).rejects.toMatchObject({ code: 401 })
    const mine = row(await visible(ben, roomId), ben.id, 'shared')!
    await expect(
      tables.updateRow({
        databaseId: 'kathelia',
        tableId: 'receipts',
        rowId: (mine as unknown as { $id: string }).$id,
        data: { seq: 1 },
      }),
    ).rejects.toMatchObject({ code: 401 })
  })

  it('with receipts off, neither partner reads the other position, both ways', async () => {
    await post('/receipt/read', { roomId, seq: 1 }, ada)
    expect(row(await visible(ben, roomId), ada.id, 'shared')?.seq).toBe(1)
    expect((await post('/receipt/setting', {}, ben)).body).toEqual({ enabled: true })
    expect((await post('/receipt/setting', { enabled: false }, ben)).body).toEqual({
      enabled: false,
    })
    // Ben turned them off: Ada no longer sees his, and he no longer sees hers.
    expect(row(await visible(ada, roomId), ben.id, 'shared')).toMatchObject({ seq: null })
    expect(row(await visible(ben, roomId), ada.id, 'shared')).toMatchObject({ seq: null })
    const later = await post('/receipt/read', { roomId, seq: 3 }, ada)
    expect(later.body).toMatchObject({ seq: 3, shared: false })
    expect(row(await visible(ben, roomId), ada.id, 'shared')?.seq).toBeNull()
    // Their own positions still count for their unread badges.
    expect(row(await visible(ada, roomId), ada.id, 'own')?.seq).toBe(3)
    // On again: both positions come back as they are now.
    expect((await post('/receipt/setting', { enabled: true }, ben)).body).toEqual({ enabled: true })
    expect(row(await visible(ben, roomId), ada.id, 'shared')?.seq).toBe(3)
    expect(row(await visible(ada, roomId), ben.id, 'shared')?.seq).toBe(3)
  })

  it('keeps where a device has the room to, forward only, seen by both whatever the setting', async () => {
    const d = await post('/receipt/delivered', { roomId, seq: 2 }, ada)
    expect(d.status, JSON.stringify(d.body)).toBe(200)
    expect(d.body).toEqual({ roomId, seq: 2 })
    expect(row(await visible(ben, roomId), ada.id, 'delivered')).toMatchObject({ seq: 2 })
    expect(row(await visible(ada, roomId), ada.id, 'delivered')).toMatchObject({ seq: 2 })
    expect((await post('/receipt/delivered', { roomId, seq: 1 }, ada)).body.seq).toBe(2)
    // Read receipts off on either side: "Delivered" still shows, as WhatsApp's ticks.
    await post('/receipt/setting', { enabled: false }, ada)
    expect((await post('/receipt/delivered', { roomId, seq: 99 }, ada)).body.seq).toBe(3)
    expect(row(await visible(ben, roomId), ada.id, 'delivered')?.seq).toBe(3)
    await post('/receipt/setting', { enabled: true }, ada)
    // Two devices at once end at the furthest, never moved back.
    const m = await post('/message/add', { roomId, message: 'four' }, ben)
    expect(m.status).toBe(201)
    const both = await Promise.all(
      [4, 3, 4].map((seq) => post('/receipt/delivered', { roomId, seq }, ada)),
    )
    expect(both.map((r) => r.status)).toEqual([200, 200, 200])
    expect(row(await visible(ben, roomId), ada.id, 'delivered')?.seq).toBe(4)
  })

  it('refuses a delivery report anonymous, malformed, for an unknown room or written directly', async () => {
    expect((await post('/receipt/delivered', { roomId, seq: 1 })).status).toBe(401)
    for (const body of [{ roomId }, { roomId, seq: -1 }, { roomId, seq: '2' }, { seq: 1 }]) {
      const r = await post('/receipt/delivered', body, ben)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(errorShape(r).code).toBe('validation_failed')
    }
    const missing = await post('/receipt/delivered', { roomId: 'nope', seq: 1 }, ben)
    expect(missing.status).toBe(404)
    expect(errorShape(missing).code).toBeTruthy()
    const data = { roomId, userId: ben.id, kind: 'delivered', seq: 1 }
    await expect(
      new TablesDB(ben.web.client).createRow({
        databaseId: 'kathelia',
        tableId: 'receipts',
        rowId: ID.unique(),
        data,
      }),
    ).rejects.toMatchObject({ code: 401 })
  })
})

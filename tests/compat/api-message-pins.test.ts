import { ID, Query, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PIN_LIMIT } from '../../shared/constants'
import { attachmentsPeople, type Person } from './api-attachments-setup'
import { adapters, call, errorShape, keyClient, type AdapterPair } from './api-setup'

// Pinned messages through /api/message/pin on both adapters: either partner pins any message of
// a room, at most PIN_LIMIT a room (the oldest makes way), a repeat changes nothing, a delete for
// everyone unpins, and what is not a message one may pin is refused with the one error shape.
let pair: AdapterPair
let ada: Person, ben: Person
beforeAll(async () => void ({ pair, ada, ben } = await attachmentsPeople()), 120_000)
afterAll(async () => {
  await pair?.close()
})

const DB = { databaseId: 'kathelia', tableId: 'messages' }
const tables = () => new TablesDB(keyClient(pair.a.url))

describe.each(adapters(() => pair))('/api/message/pin, %s adapter', (mode, url) => {
  const post = (p: Person | undefined, path: string, body: unknown) =>
    call(url(), path, body, p?.jwt)
  let roomId: string
  const say = async (p: Person, message: string) => {
    const m = await post(p, '/message/add', { roomId, message })
    expect(m.status, JSON.stringify(m.body)).toBe(201)
    return m.body.$id as string
  }
  /** The room's pins as the SPA reads them: newest pin first. */
  const pinned = async () =>
    (
      await tables().listRows({
        ...DB,
        queries: [
          Query.equal('roomId', roomId),
          Query.isNotNull('pinnedAt'),
          Query.orderDesc('pinnedAt'),
        ],
      })
    ).rows.map((r) => r.message)

  const systemRows = async () =>
    (
      await tables().listRows({
        ...DB,
        queries: [Query.equal('roomId', roomId), Query.equal('kind', 'system')],
      })
    ).rows
  const notices = async () => (await systemRows()).map((r) => r.message)
  const noticeTargets = async () => (await systemRows()).map((r) => r.replyToId)

  beforeAll(async () => {
    const room = await post(ada, '/room/add', { name: `Pins ${mode}`, color: '#336699' })
    expect(room.status, JSON.stringify(room.body)).toBe(201)
    roomId = room.body.room.$id
  })

  it('pins and unpins any message of the room, by either partner, at most three', async () => {
    const ids = [] as string[]
    for (const text of ['one', 'two', 'three', 'four']) ids.push(await say(ada, text))
    const first = await post(ben, '/message/pin', { messageId: ids[0], on: true })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(Date.parse(first.body.pinnedAt)).toBeGreaterThan(Date.now() - 60_000)
    // A repeat keeps the pin where it was.
    const again = await post(ada, '/message/pin', { messageId: ids[0], on: true })
    expect(again.body.pinnedAt).toBe(first.body.pinnedAt)
    // The room is told who pinned, once, quoting nothing.
    expect(await notices()).toEqual(['Ben pinned a message'])
    // It names the message it is about, which a click on it shows (message-row.tsx).
    expect(await noticeTargets()).toEqual([ids[0]])
    for (const id of ids.slice(1)) {
      await new Promise((r) => setTimeout(r, 5))
      expect((await post(ada, '/message/pin', { messageId: id, on: true })).status).toBe(200)
    }
    expect(PIN_LIMIT).toBe(3)
    expect(await pinned()).toEqual(['four', 'three', 'two'])
    const off = await post(ben, '/message/pin', { messageId: ids[2], on: false })
    expect(off.status).toBe(200)
    expect(off.body.pinnedAt).toBeNull()
    expect(await pinned()).toEqual(['four', 'two'])
    expect((await post(ben, '/message/pin', { messageId: ids[2], on: false })).status).toBe(200)
    // Pins made at once still leave three.
    const more = [] as string[]
    for (const text of ['five', 'six', 'seven']) more.push(await say(ben, text))
    const at = await Promise.all(
      more.map((messageId) => post(ada, '/message/pin', { messageId, on: true })),
    )
    expect(at.map((r) => r.status)).toEqual([200, 200, 200])
    expect(await pinned()).toHaveLength(PIN_LIMIT)
  })

  it('pins nothing in a deleted room', async () => {
    const id = await say(ada, 'in a room about to go')
    await tables().updateRow({ ...DB, tableId: 'rooms', rowId: roomId, data: { isDeleted: true } })
    try {
      const refused = await post(ada, '/message/pin', { messageId: id, on: true })
      expect(refused.status).toBe(409)
      expect(errorShape(refused).message).toBe('This room has been deleted')
    } finally {
      await tables().updateRow({
        ...DB,
        tableId: 'rooms',
        rowId: roomId,
        data: { isDeleted: false },
      })
    }
  })

  it('unpins a message deleted for everyone, and pins no tombstone', async () => {
    const id = await say(ben, 'soon gone')
    await post(ada, '/message/pin', { messageId: id, on: true })
    expect(await pinned()).toContain('soon gone')
    expect((await post(ben, '/message/delete', { messageId: id })).status).toBe(200)
    expect((await tables().getRow({ ...DB, rowId: id })).pinnedAt).toBeNull()
    const refused = await post(ada, '/message/pin', { messageId: id, on: true })
    expect(refused.status).toBe(409)
    expect(errorShape(refused).code).toBe('message_deleted')
  })

  it('refuses system notices, unknown messages, malformed and anonymous calls', async () => {
    const notice = await tables().createRow({
      ...DB,
      rowId: ID.unique(),
      data: { roomId, message: 'Ben is online', senderId: 'system', kind: 'system' },
    })
    const system = await post(ada, '/message/pin', { messageId: notice.$id, on: true })
    expect(system.status).toBe(403)
    expect(errorShape(system).code).toBe('system_message')
    expect((await post(ada, '/message/pin', { messageId: 'nope', on: true })).status).toBe(404)
    for (const body of [
      { on: true },
      { messageId: notice.$id },
      { messageId: notice.$id, on: 1 },
    ]) {
      const r = await post(ada, '/message/pin', body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(errorShape(r).code).toBe('validation_failed')
    }
    expect(
      (await post(undefined, '/message/pin', { messageId: notice.$id, on: true })).status,
    ).toBe(401)
  })
})

import { describe, expect, it } from 'vitest'
import { failure, type Failure } from './helpers/failure'
import { api } from './helpers/server-sdk'
import { asData, DB, keyTables, roomData, rowsPath, uid } from './rows-setup'

// Row data against the table's columns with the API key: structure errors, datetimes and system
// keys, and the per-room message sequence the server assigns.

describe('TablesDB row data with the API key', () => {
  it('validates data against the columns (400 row_invalid_structure)', async () => {
    const t = keyTables()
    const create = (data: Record<string, unknown>, tableId = 'rooms') =>
      failure(t.createRow({ databaseId: DB, tableId, rowId: uid(), data }))
    const cases: [Promise<Failure>, string][] = [
      [create(roomData({ nickname: 'x' })), 'Unknown attribute: "nickname"'],
      [create({ name: 'a', color: '#000000' }), 'Missing required attribute "hiddenName"'],
      [create(roomData({ name: 5 })), 'Attribute "name" has invalid type'],
      [create(roomData({ color: '#1234567' })), 'no longer than 7 chars'],
      [create(roomData({ isDeleted: 'yes' })), 'Value must be a valid boolean'],
      [
        create({ deviceType: 'Phone' }, 'status_details'),
        'Value must be one of (Mobile, Tablet, Desktop, Others)',
      ],
      [
        create({ lastSeenAt: 'yesterday-ish' }, 'status'),
        'Attribute "lastSeenAt" has invalid type',
      ],
    ]
    for (const [p, text] of cases) {
      const e = await p
      expect(e).toMatchObject({ code: 400, type: 'row_invalid_structure' })
      expect(e.message).toContain(text)
    }
    const empty = await failure(
      t.createRow({ databaseId: DB, tableId: 'rooms', rowId: uid(), data: {} }),
    )
    expect(empty).toMatchObject({ code: 400, type: 'row_missing_data' })
    const badId = await failure(
      t.createRow({ databaseId: DB, tableId: 'rooms', rowId: '_bad', data: roomData() }),
    )
    expect(badId).toMatchObject({ code: 400, type: 'general_argument_invalid' })
    const noPayload = await api(rowsPath('rooms', 'home'), {
      method: 'PATCH',
      auth: 'key',
      body: '{}',
    })
    expect(noPayload.status).toBe(400)
    expect((await noPayload.json()).type).toBe('row_missing_payload')
  })

  it('stores datetimes in Appwrite format and ignores system keys in data', async () => {
    const t = keyTables()
    const id = uid()
    const row = await t.createRow({
      databaseId: DB,
      tableId: 'status',
      rowId: id,
      data: asData({
        lastSeenAt: '2024-05-06T07:08:09Z',
        $sequence: 999,
        $tableId: 'x',
        isOnline: true,
      }),
    })
    expect(row).toMatchObject({
      lastSeenAt: '2024-05-06T07:08:09.000+00:00',
      isOnline: true,
      $tableId: 'status',
    })
    expect(row.$sequence).not.toBe('999')
  })

  it('assigns messages their seq per room; clients cannot set it', async () => {
    const t = keyTables()
    const [roomA, roomB] = [uid(), uid()]
    const send = (roomId: string, seq?: number) =>
      t.createRow({
        databaseId: DB,
        tableId: 'messages',
        rowId: uid(),
        data: { roomId, message: 'hi', senderId: 'u1', ...(seq ? { seq } : {}) },
      })
    const seqs = []
    for (const r of [roomA, roomA, roomB, roomA, roomB]) seqs.push((await send(r, 77)).seq)
    expect(seqs).toEqual([1, 2, 1, 3, 2])
    const msg = await send(roomA)
    expect(msg).toMatchObject({ seq: 4, kind: 'user', clientId: null })
    const kept = await t.updateRow({
      databaseId: DB,
      tableId: 'messages',
      rowId: msg.$id,
      data: { seq: 1, message: 'edited' },
    })
    expect(kept).toMatchObject({ seq: 4, message: 'edited' })
    // The (senderId, clientId) unique index: a retried send with the same clientId is a 409.
    const clientId = uid()
    const data = { roomId: roomA, message: 'once', senderId: 'u1', clientId }
    await t.createRow({ databaseId: DB, tableId: 'messages', rowId: uid(), data })
    const again = await failure(
      t.createRow({ databaseId: DB, tableId: 'messages', rowId: uid(), data }),
    )
    expect(again).toMatchObject({ code: 409, type: 'row_already_exists' })
    expect(again.message).toContain('client_id')
  })
})

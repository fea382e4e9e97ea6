import { describe, expect, it } from 'vitest'
import {
  api,
  asData,
  DB,
  expectModel,
  keyDatabases,
  keyTables,
  refusal,
  rowsPath,
  uid,
} from './rows-setup'

// TablesDB and legacy Databases CRUD with the server SDK and the API key: models, status codes,
// errors, defaults, server sequence, unique indexes.
const room = (extra: Record<string, unknown> = {}) => ({
  name: 'Room',
  hiddenName: `h-${uid()}`,
  color: '#112233',
  ...extra,
})

describe('TablesDB rows with the API key', () => {
  it('creates (201), reads, updates (200), upserts (201) and deletes (204) a row', async () => {
    const id = uid()
    const created = await api(rowsPath('rooms'), {
      method: 'POST',
      auth: 'key',
      body: JSON.stringify({ rowId: id, data: room({ name: 'Kitchen' }) }),
    })
    expect(created.status).toBe(201)
    const row = await created.json()
    expectModel(row, 'row')
    expect(row).toMatchObject({
      $id: id,
      $tableId: 'rooms',
      $databaseId: DB,
      $permissions: [],
      name: 'Kitchen',
      isDeleted: false, // column default
      createdBy: null, // unset column
    })
    expect(row.$sequence).toMatch(/^\d+$/)
    expect(row.$createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)

    const got = await keyTables().getRow({ databaseId: DB, tableId: 'rooms', rowId: id })
    expect(got).toEqual(row)

    const patch = await api(rowsPath('rooms', id), {
      method: 'PATCH',
      auth: 'key',
      body: JSON.stringify({ data: { color: '#abcdef' } }),
    })
    expect(patch.status).toBe(200)
    const updated = await patch.json()
    expectModel(updated, 'row')
    expect(updated).toMatchObject({ name: 'Kitchen', color: '#abcdef', $sequence: row.$sequence })
    expect(updated.$updatedAt >= row.$updatedAt).toBe(true)

    const put = await api(rowsPath('rooms', id), {
      method: 'PUT',
      auth: 'key',
      body: JSON.stringify({ data: { name: 'Hall' } }),
    })
    expect(put.status).toBe(201)
    expect(await put.json()).toMatchObject({ $id: id, name: 'Hall', color: '#abcdef' })

    const del = await api(rowsPath('rooms', id), { method: 'DELETE', auth: 'key', body: '{}' })
    expect(del.status).toBe(204)
    expect(await del.text()).toBe('')
    const gone = await refusal(keyTables().getRow({ databaseId: DB, tableId: 'rooms', rowId: id }))
    expect(gone).toMatchObject({ code: 404, type: 'row_not_found' })
  })

  it('upsert creates a missing row with 201', async () => {
    const id = uid()
    const row = await keyTables().upsertRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: id,
      data: room({ name: 'Fresh' }),
    })
    expectModel(row, 'row')
    expect(row).toMatchObject({ $id: id, name: 'Fresh' })
  })

  it('resolves unique() ids and answers 404 for unknown database, table and row', async () => {
    const t = keyTables()
    const row = await t.createRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: 'unique()',
      data: room(),
    })
    expect(row.$id).toMatch(/^[0-9a-f]{20}$/)
    const db = await refusal(t.listRows({ databaseId: 'nope', tableId: 'rooms' }))
    expect(db).toMatchObject({ code: 404, type: 'database_not_found' })
    expect(db.message).toBe("Database with the requested ID 'nope' could not be found.")
    const table = await refusal(t.listRows({ databaseId: DB, tableId: 'nope' }))
    expect(table).toMatchObject({ code: 404, type: 'table_not_found' })
    const missing = await refusal(
      t.updateRow({ databaseId: DB, tableId: 'rooms', rowId: 'nope', data: asData({ name: 'x' }) }),
    )
    expect(missing).toMatchObject({ code: 404, type: 'row_not_found' })
    const del = await refusal(t.deleteRow({ databaseId: DB, tableId: 'rooms', rowId: 'nope' }))
    expect(del).toMatchObject({ code: 404, type: 'row_not_found' })
  })

  it('refuses a duplicate id and a taken unique index with 409', async () => {
    const t = keyTables()
    const first = room()
    const id = uid()
    await t.createRow({ databaseId: DB, tableId: 'rooms', rowId: id, data: first })
    const dupId = await refusal(
      t.createRow({ databaseId: DB, tableId: 'rooms', rowId: id, data: room() }),
    )
    expect(dupId).toMatchObject({ code: 409, type: 'row_already_exists' })
    const dupIndex = await refusal(
      t.createRow({
        databaseId: DB,
        tableId: 'rooms',
        rowId: uid(),
        data: room({ hiddenName: first.hiddenName }),
      }),
    )
    expect(dupIndex).toMatchObject({ code: 409, type: 'row_already_exists' })
    expect(dupIndex.message).toContain('hidden_name')
    // Updating another row onto the taken value is refused as well; the row itself may keep it.
    const other = await t.createRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: uid(),
      data: room(),
    })
    const clash = await refusal(
      t.updateRow({
        databaseId: DB,
        tableId: 'rooms',
        rowId: other.$id,
        data: asData({ hiddenName: first.hiddenName }),
      }),
    )
    expect(clash).toMatchObject({ code: 409, type: 'row_already_exists' })
    await t.updateRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: id,
      data: asData({ hiddenName: first.hiddenName }),
    })
  })

  it('validates data against the columns (400 row_invalid_structure)', async () => {
    const t = keyTables()
    const create = (data: Record<string, unknown>, tableId = 'rooms') =>
      refusal(t.createRow({ databaseId: DB, tableId, rowId: uid(), data }))
    const cases: [Promise<{ code: number; type: string; message: string }>, string][] = [
      [create(room({ nickname: 'x' })), 'Unknown attribute: "nickname"'],
      [create({ name: 'a', color: '#000000' }), 'Missing required attribute "hiddenName"'],
      [create(room({ name: 5 })), 'Attribute "name" has invalid type'],
      [create(room({ color: '#1234567' })), 'no longer than 7 chars'],
      [create(room({ isDeleted: 'yes' })), 'Value must be a valid boolean'],
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
    const empty = await refusal(
      t.createRow({ databaseId: DB, tableId: 'rooms', rowId: uid(), data: {} }),
    )
    expect(empty).toMatchObject({ code: 400, type: 'row_missing_data' })
    const badId = await refusal(
      t.createRow({ databaseId: DB, tableId: 'rooms', rowId: '_bad', data: room() }),
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
    const again = await refusal(
      t.createRow({ databaseId: DB, tableId: 'messages', rowId: uid(), data }),
    )
    expect(again).toMatchObject({ code: 409, type: 'row_already_exists' })
    expect(again.message).toContain('client_id')
  })
})

describe('legacy Databases documents over the same data', () => {
  it('serves documents with $collectionId and document_* errors', async () => {
    const d = keyDatabases()
    const id = uid()
    const doc = await d.createDocument({
      databaseId: DB,
      collectionId: 'rooms',
      documentId: id,
      data: room({ name: 'Legacy' }),
    })
    expectModel(doc, 'document')
    expect(doc).toMatchObject({ $id: id, $collectionId: 'rooms', $databaseId: DB, name: 'Legacy' })
    expect(doc).not.toHaveProperty('$tableId')
    // The same row through TablesDB.
    const row = await keyTables().getRow({ databaseId: DB, tableId: 'rooms', rowId: id })
    expect(row.$sequence).toBe(doc.$sequence)
    const list = await d.listDocuments({
      databaseId: DB,
      collectionId: 'rooms',
      queries: [`{"method":"equal","attribute":"$id","values":["${id}"]}`],
    })
    expectModel(list, 'documentList')
    expect(list.total).toBe(1)
    const upd = await d.updateDocument({
      databaseId: DB,
      collectionId: 'rooms',
      documentId: id,
      data: { name: 'Renamed' },
    })
    expect(upd.name).toBe('Renamed')
    const ups = await api(`/databases/${DB}/collections/rooms/documents/${id}`, {
      method: 'PUT',
      auth: 'key',
      body: JSON.stringify({ data: { color: '#000000' } }),
    })
    expect(ups.status).toBe(201)
    expectModel(await ups.json(), 'document')
    const missing = await refusal(
      d.getDocument({ databaseId: DB, collectionId: 'rooms', documentId: 'nope' }),
    )
    expect(missing).toMatchObject({ code: 404, type: 'document_not_found' })
    const col = await refusal(d.listDocuments({ databaseId: DB, collectionId: 'nope' }))
    expect(col).toMatchObject({ code: 404, type: 'collection_not_found' })
    const bad = await refusal(
      d.createDocument({
        databaseId: DB,
        collectionId: 'rooms',
        documentId: uid(),
        data: asData({ x: 1 }),
      }),
    )
    expect(bad).toMatchObject({ code: 400, type: 'document_invalid_structure' })
    const dup = await refusal(
      d.createDocument({ databaseId: DB, collectionId: 'rooms', documentId: id, data: room() }),
    )
    expect(dup).toMatchObject({ code: 409, type: 'document_already_exists' })
    await d.deleteDocument({ databaseId: DB, collectionId: 'rooms', documentId: id })
    const gone = await refusal(
      d.getDocument({ databaseId: DB, collectionId: 'rooms', documentId: id }),
    )
    expect(gone.type).toBe('document_not_found')
  })
})

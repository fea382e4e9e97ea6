import { describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { api } from './helpers/server-sdk'
import { asData, DB, keyTables, roomData, rowsPath, uid } from './rows-setup'

// TablesDB CRUD with the server SDK and the API key: models, status codes, ids, 404s and 409s.
// Column validation and the server sequence: rows-columns.test.ts; documents: rows-documents.

describe('TablesDB rows with the API key', () => {
  it('creates (201), reads, updates (200), upserts (201) and deletes (204) a row', async () => {
    const id = uid()
    const created = await api(rowsPath('rooms'), {
      method: 'POST',
      auth: 'key',
      body: JSON.stringify({ rowId: id, data: roomData({ name: 'Kitchen' }) }),
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
    const gone = await failure(keyTables().getRow({ databaseId: DB, tableId: 'rooms', rowId: id }))
    expect(gone).toMatchObject({ code: 404, type: 'row_not_found' })
  })

  it('upsert creates a missing row with 201', async () => {
    const id = uid()
    const row = await keyTables().upsertRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: id,
      data: roomData({ name: 'Fresh' }),
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
      data: roomData(),
    })
    expect(row.$id).toMatch(/^[0-9a-f]{20}$/)
    const db = await failure(t.listRows({ databaseId: 'nope', tableId: 'rooms' }))
    expect(db).toMatchObject({ code: 404, type: 'database_not_found' })
    expect(db.message).toBe("Database with the requested ID 'nope' could not be found.")
    const table = await failure(t.listRows({ databaseId: DB, tableId: 'nope' }))
    expect(table).toMatchObject({ code: 404, type: 'table_not_found' })
    const missing = await failure(
      t.updateRow({ databaseId: DB, tableId: 'rooms', rowId: 'nope', data: asData({ name: 'x' }) }),
    )
    expect(missing).toMatchObject({ code: 404, type: 'row_not_found' })
    const del = await failure(t.deleteRow({ databaseId: DB, tableId: 'rooms', rowId: 'nope' }))
    expect(del).toMatchObject({ code: 404, type: 'row_not_found' })
  })

  it('refuses a duplicate id and a taken unique index with 409', async () => {
    const t = keyTables()
    const first = roomData()
    const id = uid()
    await t.createRow({ databaseId: DB, tableId: 'rooms', rowId: id, data: first })
    const dupId = await failure(
      t.createRow({ databaseId: DB, tableId: 'rooms', rowId: id, data: roomData() }),
    )
    expect(dupId).toMatchObject({ code: 409, type: 'row_already_exists' })
    expect(dupId.message).toContain('requested ID already exists')
    // The id and, in another row, the unique value both taken: the id is what is reported.
    const second = roomData()
    await t.createRow({ databaseId: DB, tableId: 'rooms', rowId: uid(), data: second })
    const dupBoth = await failure(
      t.createRow({
        databaseId: DB,
        tableId: 'rooms',
        rowId: id,
        data: roomData({ hiddenName: second.hiddenName }),
      }),
    )
    expect(dupBoth).toMatchObject({ code: 409, type: 'row_already_exists' })
    expect(dupBoth.message).toContain('requested ID already exists')
    const dupIndex = await failure(
      t.createRow({
        databaseId: DB,
        tableId: 'rooms',
        rowId: uid(),
        data: roomData({ hiddenName: first.hiddenName }),
      }),
    )
    expect(dupIndex).toMatchObject({ code: 409, type: 'row_already_exists' })
    expect(dupIndex.message).toContain('hidden_name')
    // Updating another row onto the taken value is refused as well; the row itself may keep it.
    const other = await t.createRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: uid(),
      data: roomData(),
    })
    const clash = await failure(
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
})

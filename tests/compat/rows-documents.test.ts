import { describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { api } from './helpers/server-sdk'
import { asData, DB, keyDatabases, keyTables, roomData, uid } from './rows-setup'

// The legacy Databases documents API over the same rows, with the API key.

describe('legacy Databases documents over the same data', () => {
  it('serves documents with $collectionId and document_* errors', async () => {
    const d = keyDatabases()
    const id = uid()
    const doc = await d.createDocument({
      databaseId: DB,
      collectionId: 'rooms',
      documentId: id,
      data: roomData({ name: 'Legacy' }),
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
    const missing = await failure(
      d.getDocument({ databaseId: DB, collectionId: 'rooms', documentId: 'nope' }),
    )
    expect(missing).toMatchObject({ code: 404, type: 'document_not_found' })
    const col = await failure(d.listDocuments({ databaseId: DB, collectionId: 'nope' }))
    expect(col).toMatchObject({ code: 404, type: 'collection_not_found' })
    const bad = await failure(
      d.createDocument({
        databaseId: DB,
        collectionId: 'rooms',
        documentId: uid(),
        data: asData({ x: 1 }),
      }),
    )
    expect(bad).toMatchObject({ code: 400, type: 'document_invalid_structure' })
    const dup = await failure(
      d.createDocument({ databaseId: DB, collectionId: 'rooms', documentId: id, data: roomData() }),
    )
    expect(dup).toMatchObject({ code: 409, type: 'document_already_exists' })
    await d.deleteDocument({ databaseId: DB, collectionId: 'rooms', documentId: id })
    const gone = await failure(
      d.getDocument({ databaseId: DB, collectionId: 'rooms', documentId: id }),
    )
    expect(gone.type).toBe('document_not_found')
  })
})

import { Hono } from 'hono'
import type { EdgeHono } from '../context'
import { guard, limitWrite, readBody, readQueries, readTotal } from '../rows/http'
import { toDocument } from '../rows/model'
import { createRow, deleteRow, getRow, listRows, updateRow, upsertRow } from '../rows/service'

// The deprecated Databases API over the same rows: collections/documents, `$collectionId`,
// document_* errors. /v1/databases/{databaseId}/collections/{collectionId}/documents[/{id}].
const legacy = { family: 'legacy' } as const

const databases = new Hono<EdgeHono>()
  .get('/:databaseId/collections/:collectionId/documents', (c) => {
    guard(c.req.param('databaseId'), c.req.query('transactionId'))
    const queries = readQueries(c.req.url)
    const opts = { ...legacy, total: readTotal(c) }
    const list = listRows(c.var.edge, c.req.param('collectionId'), queries, opts)
    return c.json({ total: list.total, documents: list.rows.map(toDocument) })
  })
  .post('/:databaseId/collections/:collectionId/documents', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    const { collectionId } = c.req.param()
    const row = createRow(
      c.var.edge,
      collectionId,
      body.documentId,
      body.data,
      body.permissions,
      legacy,
    )
    return c.json(toDocument(row), 201)
  })
  .get('/:databaseId/collections/:collectionId/documents/:documentId', (c) => {
    guard(c.req.param('databaseId'), c.req.query('transactionId'))
    const { collectionId, documentId } = c.req.param()
    const row = getRow(c.var.edge, collectionId, documentId, readQueries(c.req.url), legacy)
    return c.json(toDocument(row))
  })
  .patch('/:databaseId/collections/:collectionId/documents/:documentId', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    const { collectionId, documentId } = c.req.param()
    const row = updateRow(c.var.edge, collectionId, documentId, body.data, body.permissions, legacy)
    return c.json(toDocument(row))
  })
  .put('/:databaseId/collections/:collectionId/documents/:documentId', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    const { collectionId, documentId } = c.req.param()
    const row = upsertRow(c.var.edge, collectionId, documentId, body.data, body.permissions, legacy)
    return c.json(toDocument(row), 201)
  })
  .delete('/:databaseId/collections/:collectionId/documents/:documentId', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    deleteRow(c.var.edge, c.req.param('collectionId'), c.req.param('documentId'), legacy)
    return c.body(null, 204)
  })

export default databases

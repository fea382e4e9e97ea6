import { Hono } from 'hono'
import type { EdgeHono } from '../context'
import { guard, limitWrite, readBody, readQueries, readTotal } from '../rows/http'
import { createRow, deleteRow, getRow, listRows, updateRow, upsertRow } from '../rows/service'

// TablesDB rows (the current API): /v1/tablesdb/{databaseId}/tables/{tableId}/rows[/{rowId}].
const tablesdb = new Hono<EdgeHono>()
  .get('/:databaseId/tables/:tableId/rows', (c) => {
    guard(c.req.param('databaseId'), c.req.query('transactionId'))
    const queries = readQueries(c.req.url)
    const list = listRows(c.var.edge, c.req.param('tableId'), queries, { total: readTotal(c) })
    return c.json(list)
  })
  .post('/:databaseId/tables/:tableId/rows', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    const row = createRow(
      c.var.edge,
      c.req.param('tableId'),
      body.rowId,
      body.data,
      body.permissions,
    )
    return c.json(row, 201)
  })
  .get('/:databaseId/tables/:tableId/rows/:rowId', (c) => {
    guard(c.req.param('databaseId'), c.req.query('transactionId'))
    const { tableId, rowId } = c.req.param()
    return c.json(getRow(c.var.edge, tableId, rowId, readQueries(c.req.url)))
  })
  .patch('/:databaseId/tables/:tableId/rows/:rowId', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    const { tableId, rowId } = c.req.param()
    return c.json(updateRow(c.var.edge, tableId, rowId, body.data, body.permissions))
  })
  .put('/:databaseId/tables/:tableId/rows/:rowId', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    const { tableId, rowId } = c.req.param()
    return c.json(upsertRow(c.var.edge, tableId, rowId, body.data, body.permissions), 201)
  })
  .delete('/:databaseId/tables/:tableId/rows/:rowId', async (c) => {
    const body = await readBody(c)
    limitWrite(c)
    guard(c.req.param('databaseId'), body.transactionId)
    deleteRow(c.var.edge, c.req.param('tableId'), c.req.param('rowId'))
    return c.body(null, 204)
  })

export default tablesdb

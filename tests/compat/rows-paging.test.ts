import { Query } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { api } from './helpers/server-sdk'
import { DB, keyTables, rowsPath, uid, webDatabases, webTables } from './rows-setup'
import { ids, list, member, room, seedQueries, seqs } from './rows-query-setup'

// Ordering, limit/offset, `total`, cursors and select against the seeded room of messages
// (rows-query-setup.ts), and the queries Appwrite refuses.
beforeAll(seedQueries)

describe('order, limit, offset, cursors, total, select', () => {
  it('orders by columns and system fields', async () => {
    expect(await seqs(Query.orderDesc('seq'))).toEqual([5, 4, 3, 2, 1])
    expect(await seqs(Query.orderDesc('$sequence'))).toEqual([5, 4, 3, 2, 1])
    expect(await seqs(Query.orderAsc('$createdAt'))).toEqual([1, 2, 3, 4, 5])
    expect(await seqs(Query.orderAsc('senderId'), Query.orderDesc('seq'))).toEqual([5, 3, 1, 4, 2])
    const byId = (await list(Query.orderAsc('$id'))).rows.map((r) => r.$id)
    expect(byId).toEqual([...ids].sort())
  })

  it('limits, offsets and reports the matching total', async () => {
    const page = await list(Query.limit(2), Query.offset(1))
    expectModel(page, 'rowList')
    expect(page.rows.map((r) => r.seq)).toEqual([2, 3])
    expect(page.total).toBe(5)
    const noTotal = await webTables(member).listRows({
      databaseId: DB,
      tableId: 'messages',
      queries: [Query.equal('roomId', room)],
      total: false,
    })
    expect(noTotal.total).toBe(0)
    expect(noTotal.rows).toHaveLength(5)
    expect((await list(Query.equal('kind', 'system'), Query.limit(1))).total).toBe(2)
  })

  it('answers 25 rows without a limit (the default), with the total of all matches', async () => {
    const big = uid()
    for (let i = 1; i <= 26; i++)
      await keyTables().createRow({
        databaseId: DB,
        tableId: 'messages',
        rowId: uid(),
        data: { roomId: big, message: `m${i}`, kind: 'user', senderId: 'sA', clientId: null },
      })
    const page = await webTables(member).listRows({
      databaseId: DB,
      tableId: 'messages',
      queries: [Query.equal('roomId', big)],
    })
    expectModel(page, 'rowList')
    expect(page.total).toBe(26)
    expect(page.rows.map((r) => r.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  it('pages with cursorAfter and cursorBefore in both directions', async () => {
    const after = async (cursor?: string, order = Query.orderAsc('seq')) =>
      seqs(order, Query.limit(2), ...(cursor ? [Query.cursorAfter(cursor)] : []))
    expect(await after()).toEqual([1, 2])
    expect(await after(ids[1])).toEqual([3, 4])
    expect(await after(ids[3])).toEqual([5])
    expect(await after(ids[4])).toEqual([])
    expect(await seqs(Query.limit(2), Query.cursorBefore(ids[4]))).toEqual([3, 4])
    expect(await seqs(Query.limit(2), Query.cursorBefore(ids[1]))).toEqual([1])
    const desc = Query.orderDesc('seq')
    expect(await after(ids[3], desc)).toEqual([3, 2])
    expect(await seqs(desc, Query.limit(2), Query.cursorBefore(ids[0]))).toEqual([3, 2])
    // Ties on the order column are broken by $sequence, so no row is skipped or repeated.
    const bySender = async (cursor?: string) =>
      (
        await list(
          Query.orderAsc('senderId'),
          Query.limit(2),
          ...(cursor ? [Query.cursorAfter(cursor)] : []),
        )
      ).rows
    const p1 = await bySender()
    const p2 = await bySender(p1[1].$id)
    const p3 = await bySender(p2[1].$id)
    expect([...p1, ...p2, ...p3].map((r) => r.seq)).toEqual([1, 3, 5, 2, 4])
  })

  it('refuses an unknown cursor with 400 general_cursor_not_found', async () => {
    const e = await failure(list(Query.cursorAfter('no-such-row')))
    expect(e).toMatchObject({ code: 400, type: 'general_cursor_not_found' })
  })

  it('projects with select, keeping the system fields', async () => {
    const page = await list(Query.select(['message']), Query.limit(1))
    const row = page.rows[0]
    expectModel(row, 'row')
    expect(row.message).toBe('alpha apple')
    expect(row).not.toHaveProperty('kind')
    expect(row).not.toHaveProperty('roomId')
    const one = await webTables(member).getRow({
      databaseId: DB,
      tableId: 'messages',
      rowId: ids[2],
      queries: [Query.select(['seq', 'kind'])],
    })
    expect(one).toMatchObject({ $id: ids[2], seq: 3, kind: 'user' })
    expect(one).not.toHaveProperty('message')
  })

  it('serves the same queries to the legacy documents list', async () => {
    const docs = await webDatabases(member).listDocuments({
      databaseId: DB,
      collectionId: 'messages',
      queries: [Query.equal('roomId', room), Query.orderDesc('seq'), Query.limit(2)],
    })
    expectModel(docs, 'documentList')
    expect(docs.total).toBe(5)
    expect(docs.documents.map((d) => d.seq)).toEqual([5, 4])
  })
})

describe('invalid queries (400 general_query_invalid)', () => {
  it.each([
    ['unknown attribute', Query.equal('nope', 'x'), 'Attribute not found in schema: nope'],
    ['wrong value type', Query.equal('seq', 'three'), 'Query value is invalid for attribute "seq"'],
    ['contains on an integer', Query.contains('seq', [1]), 'not an array or string'],
    ['limit above 5000', Query.limit(5001), 'Invalid limit'],
    ['limit 0', Query.limit(0), 'Invalid limit'],
    ['unknown select', Query.select(['nope']), 'Attribute not found in schema: nope'],
    ['unknown method', '{"method":"frobnicate","attribute":"seq","values":[1]}', 'frobnicate'],
    ['not JSON', 'equal(seq, 1)', 'Invalid query'],
  ])('%s', async (_name, query, text) => {
    const e = await failure(list(query))
    expect(e).toMatchObject({ code: 400, type: 'general_query_invalid' })
    expect(e.message).toContain(text)
  })

  it('takes queries in the raw wire form, queries[i]=…', async () => {
    const qs = [Query.equal('roomId', room), Query.limit(1)]
      .map((q, i) => `queries%5B${i}%5D=${encodeURIComponent(q)}`)
      .join('&')
    const res = await api(`${rowsPath('messages')}?${qs}&total=false`, { auth: member })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.total).toBe(0)
    expect(body.rows).toHaveLength(1)
  })
})

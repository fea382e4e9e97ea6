import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { stableId } from '../../worker/lib/stable-id'
import { calls, counted } from './counted-backend'
import { jsonPath } from '../../worker/appwrite-edge/rows/store'
import { inBackend, newUser, signedIn, v1 } from './edge'

// /api/message/add writes in the caller check's round trip (the batch's guarded create). These
// are the cases where the object must NOT write: every refusal of the route still refuses, and
// leaves no row behind.

type Person = { userId: string; jwt: string }

const allowlisted = async (email: string, verified: boolean) =>
  signedIn(await newUser('oc', email), verified)

const add = (who: Person, body: Record<string, unknown>, type = 'application/json') => {
  calls.length = 0
  return app.fetch(
    new Request('http://kathelia.test/api/message/add', {
      method: 'POST',
      headers: { authorization: `Bearer ${who.jwt}`, 'content-type': type },
      body: JSON.stringify(body),
    }),
    counted,
  )
}

/** Whether the message a (sender, clientId) pair would make is stored. */
const stored = async (who: Person, clientId: string) => {
  const id = await stableId('m', who.userId, clientId)
  const res = await v1(`/tablesdb/kathelia/tables/messages/rows/${id}`, { key: true })
  return res.status === 200
}

let ada: Person
let unverified: Person
let stranger: Person

beforeAll(async () => {
  ada = await allowlisted('ada@kathelia.test', true)
  unverified = await allowlisted('ben@kathelia.test', false)
  stranger = await signedIn(await newUser('oc-stranger'))
  const gone = await v1('/tablesdb/kathelia/tables/rooms/rows', {
    method: 'POST',
    key: true,
    body: JSON.stringify({
      rowId: 'oc-gone',
      data: { name: 'Gone', hiddenName: 'oc-gone', color: '#000000', isDeleted: true },
    }),
  })
  expect(gone.status).toBe(201)
})

describe('message/add in one round trip writes only what the route would write', () => {
  it('a plain message: one RPC before the answer, the row stored', async () => {
    const clientId = crypto.randomUUID()
    const res = await add(ada, { roomId: 'home', message: 'one call', clientId })
    expect(res.status, await res.clone().text()).toBe(201)
    expect(await res.json()).toMatchObject({ senderId: ada.userId, message: 'one call', clientId })
    expect(calls).toEqual(['batch'])
    expect(await stored(ada, clientId)).toBe(true)
  })

  it.each([
    ['a deleted room', () => ada, { roomId: 'oc-gone' }, 409],
    ['a room that does not exist', () => ada, { roomId: 'oc-none' }, 404],
    ['an unverified email', () => unverified, { roomId: 'home' }, 403],
    ['an email not on the allowlist', () => stranger, { roomId: 'home' }, 403],
  ])('%s: refused as before, nothing written', async (_what, who, room, status) => {
    const clientId = crypto.randomUUID()
    const res = await add(who(), { ...room, message: 'must not land', clientId })
    expect(res.status, await res.clone().text()).toBe(status)
    expect(await res.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    })
    // One call; a refused caller may then be announced to the admin (a system notice) afterwards.
    expect(calls[0]).toBe('batch')
    expect(await stored(who(), clientId)).toBe(false)
  })

  it('a body that is not sent as JSON is 415 and writes nothing', async () => {
    const clientId = crypto.randomUUID()
    const res = await add(ada, { roomId: 'home', message: 'as text', clientId }, 'text/plain')
    expect(res.status).toBe(415)
    expect(await stored(ada, clientId)).toBe(false)
  })

  it('a reply is checked against its own read first, then written (two calls)', async () => {
    const first = crypto.randomUUID()
    const made = (await (
      await add(ada, { roomId: 'home', message: 'q', clientId: first })
    ).json()) as {
      $id: string
    }
    const clientId = crypto.randomUUID()
    const res = await add(ada, { roomId: 'home', message: 'a', clientId, replyToId: made.$id })
    expect(res.status, await res.clone().text()).toBe(201)
    expect(calls.slice(0, 3)).toEqual([
      'batch',
      `fetch GET messages/rows/${made.$id}`,
      'fetch POST messages/rows',
    ])
    const missing = await add(ada, {
      roomId: 'home',
      message: 'a',
      clientId: crypto.randomUUID(),
      replyToId: 'nope',
    })
    expect(missing.status).toBe(400)
  })

  it('the unique (senderId, clientId) check of every send reads an index, not every message', async () => {
    // The query rows/store.ts assertUnique makes for the messages' client_id index.
    const where = ['senderId', 'clientId'].map((c) => `${jsonPath(c)} = ?`).join(' AND ')
    const plan = await inBackend((sql) =>
      sql.all<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT id FROM rows WHERE table_id = ? AND id != ? AND ${where} LIMIT 1`,
        'messages',
        'x',
        'a',
        'b',
      ),
    )
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX rows_client_id/)
  })

  it('a room’s pinned messages are read from an index, not from every message of the room', async () => {
    // The list the pinned bar makes (web/features/chat/pins.ts), as the object runs it.
    const queries = [
      { method: 'equal', attribute: 'roomId', values: ['home'] },
      { method: 'isNotNull', attribute: 'pinnedAt' },
      { method: 'orderDesc', attribute: 'pinnedAt' },
      { method: 'limit', values: [3] },
    ]
    const search = queries.map((q) => `queries[]=${encodeURIComponent(JSON.stringify(q))}`)
    const path = `/tablesdb/kathelia/tables/messages/rows?${search.join('&')}`
    const { res, statements } = await statementsOf(() => v1(path, { key: true }))
    expect(res.status, await res.clone().text()).toBe(200)
    const list = statements.find((q) => q.startsWith('SELECT') && q.includes('pinnedAt'))!
    const bindings = Array.from(list.matchAll(/\?/g), () => null)
    const plan = await inBackend((sql) =>
      sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${list}`, ...(bindings as never[])),
    )
    const detail = plan.map((p) => p.detail).join('\n')
    expect(detail).toMatch(/USING INDEX rows_room_pinned/)
    expect(detail).not.toMatch(/TEMP B-TREE/)
  })
})

/** The SQL statements the object runs while `during` runs (every one goes through all() or run()). */
async function statementsOf(during: () => Response | Promise<Response>) {
  const statements: string[] = []
  const restore = await inBackend((sql) => {
    const { all, run } = sql
    const note = (q: string) => statements.push(q.replace(/\s+/g, ' '))
    Object.assign(sql, {
      all: (q: string, ...p: never[]) => (note(q), all.call(sql, q, ...p)),
      run: (q: string, ...p: never[]) => (note(q), run.call(sql, q, ...p)),
    })
    return () => Object.assign(sql, { all, run })
  })
  try {
    return { res: await during(), statements }
  } finally {
    await inBackend(() => restore())
  }
}

const byId = (statements: string[]) =>
  statements.filter((s) => s === 'SELECT * FROM rows WHERE table_id = ? AND id = ?')

describe("a send's storage asks each question once", () => {
  it('one insert carries the sequence and the unique check; no read of the new id, no count', async () => {
    const body = { roomId: 'home', message: 'asked once', clientId: crypto.randomUUID() }
    const { res, statements } = await statementsOf(() => add(ada, body))
    expect(res.status, await res.clone().text()).toBe(201)
    // The room only: a retry's row is read when the insert collides with it, not before.
    expect(byId(statements)).toHaveLength(1)
    // The caller check, the room, the insert and (Web Push is on here) whom to push to.
    expect(statements, statements.join('\n')).toHaveLength(4)
    expect(statements[3]).toMatch(/^SELECT \* FROM rows WHERE table_id = \? ORDER BY/)
    const insert = statements.find((s) => s.startsWith('INSERT INTO rows')) ?? ''
    // Its sequence comes from the room's highest, inside the insert; never a unique check of it.
    expect(insert).toContain(`max(${jsonPath('seq')})`)
    expect(insert).not.toContain(`${jsonPath('seq')} = ?`)
    // The (senderId, clientId) index is still checked: another id may carry the same pair.
    expect(insert).toContain(`${jsonPath('clientId')} = ?`)
  })

  it('a retry collides in the insert, then its row is read and answered; nothing new stored', async () => {
    const body = { roomId: 'home', message: 'sent twice', clientId: crypto.randomUUID() }
    const first = await add(ada, body)
    expect(first.status).toBe(201)
    const made = (await first.json()) as { $id: string; seq: number }
    const { res, statements } = await statementsOf(() => add(ada, body))
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ $id: made.$id, seq: made.seq, message: 'sent twice' })
    expect(calls).toEqual(['batch'])
    // The room, the refused insert (then which check refused it: the id), the retry's row.
    expect(statements.filter((s) => s.startsWith('INSERT INTO rows'))).toHaveLength(1)
    expect(byId(statements)).toHaveLength(3)
    const next = (await (
      await add(ada, { roomId: 'home', message: 'after', clientId: crypto.randomUUID() })
    ).json()) as { seq: number }
    // The refused insert took no sequence number.
    expect(next.seq).toBe(made.seq + 1)
  })
})

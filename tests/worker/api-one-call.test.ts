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
})

describe("a send's storage asks each question once", () => {
  it('no second read of the new id, no unique check of the sequence it was just given, no count', async () => {
    const statements: string[] = []
    const restore = await inBackend((sql) => {
      // Every statement goes through these two (one() calls all()).
      const { all, run } = sql
      const note = (q: string) => statements.push(q.replace(/\s+/g, ' '))
      Object.assign(sql, {
        all: (q: string, ...p: never[]) => (note(q), all.call(sql, q, ...p)),
        run: (q: string, ...p: never[]) => (note(q), run.call(sql, q, ...p)),
      })
      return () => Object.assign(sql, { all, run })
    })
    let res: Response
    try {
      res = await add(ada, { roomId: 'home', message: 'asked once', clientId: crypto.randomUUID() })
    } finally {
      await inBackend(() => restore())
    }
    expect(res.status, await res.clone().text()).toBe(201)
    const byId = statements.filter((s) => s === 'SELECT * FROM rows WHERE table_id = ? AND id = ?')
    // The batch's two reads (the room, a retry's row); the insert itself answers a taken id.
    expect(byId).toHaveLength(2)
    expect(statements.filter((s) => s.startsWith('INSERT INTO rows'))).toHaveLength(1)
    expect(statements.some((s) => s.includes(`${jsonPath('seq')} = ?`))).toBe(false)
    expect(statements.some((s) => s.includes('count(*)'))).toBe(false)
    // The (senderId, clientId) index is still checked: another id may carry the same pair.
    expect(statements.some((s) => s.includes(`${jsonPath('clientId')} = ?`))).toBe(true)
  })
})

import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { CommitGroup } from '../../worker/appwrite-edge/db/commit-group'
import { newUser, signedIn, v1 } from './edge'

// Group commit (db/commit-group.ts): sends that reach the object together are written in one
// turn. Each must still be answered as if it were alone: stored once, its own sequence number, a
// refusal only for itself.

describe('CommitGroup', () => {
  it('resolves every caller of one tick in the same turn, in call order, then starts anew', async () => {
    const group = new CommitGroup()
    const order: string[] = []
    const first = group.turn()
    const second = group.turn()
    expect(second).toBe(first)
    void first.then(() => order.push('a'))
    void second.then(() => order.push('b'))
    // Both continuations ran before anything queued after them in the same turn.
    await first.then(() => order.push('turn'))
    expect(order).toEqual(['a', 'b', 'turn'])
    expect(group.turn()).not.toBe(first)
  })
})

type Sent = { status: number; body: { $id?: string; seq?: number; clientId?: string } }

let jwt = ''
let other = ''

const send = async (token: string, body: Record<string, unknown>): Promise<Sent> => {
  const res = await app.fetch(
    new Request('http://kathelia.test/api/message/add', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    env,
  )
  return { status: res.status, body: (await res.json()) as Sent['body'] }
}

beforeAll(async () => {
  jwt = (await signedIn(await newUser('cg', 'ada@kathelia.test'))).jwt
  // Signed in and verified, but not on the allowlist: refused by the create's guards.
  other = (await signedIn(await newUser('cg-stranger'))).jwt
})

describe('sends that arrive together', () => {
  it('are each stored once with a sequence of their own; a refusal refuses only its send', async () => {
    const room = 'home'
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID())
    const sent = await Promise.all([
      ...ids.map((clientId, i) => send(jwt, { roomId: room, message: `together ${i}`, clientId })),
      send(jwt, { roomId: 'cg-no-such-room', message: 'nowhere', clientId: crypto.randomUUID() }),
      send(other, { roomId: room, message: 'not allowed', clientId: crypto.randomUUID() }),
      // The same clientId twice in one group: one row, and the same row in both answers.
      send(jwt, { roomId: room, message: 'together 0', clientId: ids[0] }),
    ])
    const made = sent.slice(0, 12)
    expect(made.slice(1).map((s) => s.status)).toEqual(Array(11).fill(201))
    expect([made[0].status, sent[14].status].sort()).toEqual([200, 201])
    expect(sent[14].body.$id).toBe(made[0].body.$id)
    const seqs = made.map((s) => s.body.seq!).sort((a, b) => a - b)
    expect(new Set(seqs).size).toBe(12)
    expect(seqs[11] - seqs[0]).toBe(11)
    for (const [i, clientId] of ids.entries()) {
      const listed = await v1(
        `/tablesdb/kathelia/tables/messages/rows?queries[]=${encodeURIComponent(
          JSON.stringify({ method: 'equal', attribute: 'clientId', values: [clientId] }),
        )}`,
        { key: true },
      )
      const { total } = (await listed.json()) as { total: number }
      expect(total, `together ${i}`).toBe(1)
    }
  })
})

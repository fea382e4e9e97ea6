import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { backendStub } from '../../worker/appwrite-edge/stub'
import { calls, counted, flight } from './counted-backend'
import { config, login, newUser, signedIn, v1, type Creds } from './edge'

// "An authenticated route costs one Durable Object round trip": the Worker's own app with the
// BACKEND binding wrapped so every call on the object's stub (fetch or RPC) is counted.
let jwt = ''
let userId = ''
let creds: Creds

const jwtFor = async (cookie: string) =>
  (
    (await (await v1('/account/jwts', { method: 'POST', headers: { cookie } })).json()) as {
      jwt: string
    }
  ).jwt

const api = (path: string, body: unknown, token = jwt) => {
  calls.length = 0
  flight.max = 0
  return app.fetch(
    new Request(`http://kathelia.test/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    counted,
  )
}

beforeAll(async () => {
  creds = await newUser('rt', 'dummy@kathelia.test')
  const signed = await signedIn(creds)
  userId = signed.userId
  jwt = signed.jwt
  expect((await api('/auth/create-status', { userId })).status).toBe(201)
})

describe('one Durable Object round trip per authenticated call', () => {
  it('POST /api/user/status: the JWT check and both status rows in one RPC', async () => {
    const res = await api('/user/status', { userId })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ $id: userId, isOnline: false })
    expect(calls).toEqual(['batch'])
  })

  it('POST /api/message/add: the check, the room and retry reads and the write in one RPC', async () => {
    const body = { roomId: 'home', message: 'one trip', clientId: crypto.randomUUID() }
    const first = await api('/message/add', body)
    expect(first.status, await first.clone().text()).toBe(201)
    // The check, reads, write and Web Push's subscription list (VAPID is set here): one RPC.
    expect(calls).toEqual(['batch'])
    // A retried clientId is answered from the row read in the check's round trip.
    const again = await api('/message/add', body)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { $id: string }).$id).toBe(
      ((await first.json()) as { $id: string }).$id,
    )
    expect(calls).toEqual(['batch'])
  })

  it('presence reports: the check and the status row in one RPC, then the conditional write', async () => {
    const tab = `tab-${crypto.randomUUID().slice(0, 8)}`
    // The first report of a session may announce and regrant; the steady state is measured.
    expect((await api('/presence/heartbeat', { presence: 'online', tab })).status).toBe(200)
    await new Promise((r) => setTimeout(r, 50))
    for (const presence of ['online', 'away'] as const) {
      const beat = await api('/presence/heartbeat', { presence, tab })
      expect(beat.status, await beat.clone().text()).toBe(200)
      expect(calls, presence).toEqual(['batch', 'updateRowIf'])
    }
    const typing = await api('/user/update-status', { userId, payload: { isTyping: true }, tab })
    expect(typing.status, await typing.clone().text()).toBe(200)
    expect(await typing.json()).toMatchObject({ $id: userId, isTyping: true })
    expect(calls).toEqual(['batch', 'updateRowIf'])
  })

  it('a read receipt asks its independent reads at once, not one after another', async () => {
    const sent = await api('/message/add', { roomId: 'home', message: 'to be read' })
    const { seq } = (await sent.json()) as { seq: number }
    const read = await api('/receipt/read', { roomId: 'home', seq, userId })
    expect(read.status, await read.clone().text()).toBe(200)
    expect(await read.json()).toMatchObject({ roomId: 'home', seq })
    // The room, the newest message, the members and this reader's receipt row together.
    expect(flight.max).toBeGreaterThanOrEqual(4)
  })

  it('a body that is not valid is refused after the check, as before (400, one call)', async () => {
    const res = await api('/message/add', { roomId: 42 })
    expect(res.status).toBe(400)
    expect(calls).toEqual(['batch'])
  })

  it('another user’s rows are never used: the ids come from the JWT, the body must match', async () => {
    const res = await api('/user/status', { userId: 'someone-else' })
    expect(res.status).toBe(403)
  })

  it('a bad JWT is 401 and reads nothing: the batch stops at the failed check', async () => {
    const res = await api('/user/status', { userId }, `${jwt.slice(0, -4)}AAAA`)
    expect(res.status).toBe(401)
    // What the object answers such a JWT: the refusal alone, no row.
    const answer = await backendStub(env, config).batch({
      jwt: 'x.y.z',
      reads: [{ table: 'status', rowId: userId }],
    })
    expect(answer).toEqual({ refused: expect.objectContaining({ status: 401 }) })
  })

  it('a JWT already checked is refused once its session ends; a blocked user is 403', async () => {
    // The object remembers a signature it checked, never the session or the user behind it.
    const { cookie } = await login(creds)
    const token = await jwtFor(cookie)
    expect((await api('/user/status', { userId }, token)).status).toBe(200)
    const ended = await v1('/account/sessions/current', { method: 'DELETE', headers: { cookie } })
    expect(ended.status).toBe(204)
    expect((await api('/user/status', { userId }, token)).status).toBe(401)
    const block = (status: boolean) =>
      v1(`/users/${userId}/status`, {
        method: 'PATCH',
        key: true,
        body: JSON.stringify({ status }),
      })
    expect((await block(false)).status).toBe(200)
    try {
      const refused = await api('/user/status', { userId })
      expect(refused.status).toBe(403)
      expect(calls).toEqual(['batch'])
    } finally {
      expect((await block(true)).status).toBe(200)
    }
    expect((await api('/user/status', { userId })).status).toBe(200)
  })
})

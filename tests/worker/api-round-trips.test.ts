import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { backendStub } from '../../worker/appwrite-edge/stub'
import { calls, counted } from './counted-backend'
import { config, login, v1 } from './edge'

// "An authenticated route costs one Durable Object round trip": the Worker's own app with the
// BACKEND binding wrapped so every call on the object's stub (fetch or RPC) is counted.
let jwt = ''
let userId = ''

const api = (path: string, body: unknown, token = jwt) => {
  calls.length = 0
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
  const creds = { email: 'dummy@kathelia.test', password: 'Round-trips-1!' }
  userId = `rt-${crypto.randomUUID().slice(0, 8)}`
  const made = await v1('/users', {
    method: 'POST',
    key: true,
    body: JSON.stringify({ userId, ...creds }),
  })
  expect(made.status).toBe(201)
  const verified = await v1(`/users/${userId}/verification`, {
    method: 'PATCH',
    key: true,
    body: JSON.stringify({ emailVerification: true }),
  })
  expect(verified.status).toBe(200)
  const { cookie } = await login({ id: userId, ...creds })
  jwt = (
    (await (await v1('/account/jwts', { method: 'POST', headers: { cookie } })).json()) as {
      jwt: string
    }
  ).jwt
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

  it('a body that is not valid is refused after the check, as before (400, one call)', async () => {
    const res = await api('/message/add', { roomId: 42 })
    expect(res.status).toBe(400)
    expect(calls).toEqual(['fetch GET /v1/account'])
  })

  it('another user’s rows are never used: the ids come from the JWT, the body must match', async () => {
    const res = await api('/user/status', { userId: 'someone-else' })
    expect(res.status).toBe(403)
  })

  it('a bad JWT is 401 and reads nothing: the batch stops after the failed check', async () => {
    const res = await api('/user/status', { userId }, `${jwt.slice(0, -4)}AAAA`)
    expect(res.status).toBe(401)
    const stub = backendStub(env, config)
    const headers = (h: Record<string, string>): [string, string][] =>
      Object.entries({ 'x-appwrite-project': config.APPWRITE_PROJECT_ID, ...h })
    const answers = await stub.batch([
      {
        method: 'GET',
        url: 'http://edge/v1/account',
        headers: headers({ 'x-appwrite-jwt': 'x.y.z' }),
      },
      {
        method: 'GET',
        url: `http://edge/v1/tablesdb/kathelia/tables/status/rows/${userId}`,
        headers: headers({ 'x-appwrite-key': config.EMBEDDED_API_KEY }),
      },
    ])
    expect(answers).toMatchObject([{ status: 401 }])
    expect(answers).toHaveLength(1)
  })
})

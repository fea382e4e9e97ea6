import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { spyPbkdf2, v1, withKey } from './edge-client'

// A 100,000-iteration PBKDF2 costs real CPU, so the Worker hashes a new password only after the
// cheap checks pass: the key for /users, the allowlist and a per-IP limit for sign-up, a session
// for a password change, a live recovery token. A refused request never reaches the hash.
let spy: ReturnType<typeof spyPbkdf2>
beforeAll(() => {
  spy = spyPbkdf2()
})
afterAll(() => spy.restore())
beforeEach(() => {
  spy.iterations.length = 0
})

const PASSWORD = 'Gate-pass-1!'

async function refusedWithoutHash(res: Response, status: number, type: string) {
  expect(res.status).toBe(status)
  expect(await res.json()).toMatchObject({ code: status, type })
  expect(spy.iterations).toEqual([])
}

describe('password hashing waits for the cheap checks', () => {
  it('hashes for POST /v1/users only with the API key', async () => {
    const body = { userId: 'gate-user', email: 'gate-user@kathelia.test', password: PASSWORD }
    await refusedWithoutHash(await v1('/users', { body }), 401, 'general_unauthorized_scope')
    const wrongKey = await v1('/users', { body, headers: { 'x-appwrite-key': 'nope' } })
    await refusedWithoutHash(wrongKey, 401, 'user_unauthorized')
    const created = await v1('/users', { body, headers: withKey() })
    expect(created.status).toBe(201)
    expect(spy.iterations).toHaveLength(1)
  })

  it('hashes for PATCH /v1/users/{id}/password only with the key and for a real user', async () => {
    const body = { password: PASSWORD }
    const noKey = await v1('/users/gate-user/password', { method: 'PATCH', body })
    await refusedWithoutHash(noKey, 401, 'general_unauthorized_scope')
    const unknown = await v1('/users/nobody-here/password', {
      method: 'PATCH',
      body,
      headers: withKey(),
    })
    await refusedWithoutHash(unknown, 404, 'user_not_found')
  })

  it('hashes for POST /v1/account only for an allow-listed email', async () => {
    const res = await v1('/account', {
      ip: '198.51.100.7',
      body: { userId: 'unique()', email: 'stranger@example.com', password: PASSWORD },
    })
    await refusedWithoutHash(res, 401, 'user_email_not_whitelisted')
  })

  it('limits sign-up attempts to 10 an hour per IP, before any hashing', async () => {
    const ip = '198.51.100.8'
    const attempt = () =>
      v1('/account', {
        ip,
        body: { userId: 'unique()', email: 'stranger@example.com', password: PASSWORD },
      })
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401)
    await refusedWithoutHash(await attempt(), 429, 'general_rate_limit_exceeded')
    // Another IP is not affected.
    const other = await v1('/account', {
      ip: '198.51.100.9',
      body: { userId: 'unique()', email: 'stranger@example.com', password: PASSWORD },
    })
    expect(other.status).toBe(401)
  })

  it('hashes for PUT /v1/account/recovery only with a live token', async () => {
    const bogus = await v1('/account/recovery', {
      method: 'PUT',
      body: { userId: 'gate-user', secret: 'f'.repeat(64), password: PASSWORD },
    })
    await refusedWithoutHash(bogus, 401, 'user_invalid_token')
    const unknownUser = await v1('/account/recovery', {
      method: 'PUT',
      body: { userId: 'nobody-here', secret: 'f'.repeat(64), password: PASSWORD },
    })
    await refusedWithoutHash(unknownUser, 401, 'user_invalid_token')
    // Guessing is limited per user id (10 an hour), also before any hashing.
    const guess = () =>
      v1('/account/recovery', {
        method: 'PUT',
        body: { userId: 'guessed-user', secret: 'e'.repeat(64), password: PASSWORD },
      })
    for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(401)
    await refusedWithoutHash(await guess(), 429, 'general_rate_limit_exceeded')
  })

  it('hashes for PATCH /v1/account/password only for a signed-in user', async () => {
    const res = await v1('/account/password', {
      method: 'PATCH',
      body: { password: PASSWORD, oldPassword: 'Whatever-1!' },
    })
    await refusedWithoutHash(res, 401, 'general_unauthorized_scope')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EdgeBackend } from '../../worker/appwrite-edge/durable-object'
import { sessionCookie, spyPbkdf2, v1, withKey } from './edge-client'

// The object's router decodes percent-encoded paths, so the Worker must recognise a password
// route however its path is spelled: otherwise the plain password would reach the object.
const PASSWORD = 'Encoded-pass-1!'
const EMAIL = 'encoded-paths@kathelia.test'

// Every body the object receives (the Worker's step must have removed the plain password).
const seen: string[] = []
const objectFetch = EdgeBackend.prototype.fetch
let spy: ReturnType<typeof spyPbkdf2>

beforeAll(async () => {
  EdgeBackend.prototype.fetch = async function (this: EdgeBackend, request: Request) {
    seen.push(await request.clone().text())
    return objectFetch.call(this, request)
  }
  spy = spyPbkdf2()
  const created = await v1('/users', {
    body: { userId: 'encoded-user', email: EMAIL, password: PASSWORD },
    headers: withKey(),
  })
  expect(created.status).toBe(201)
  // The first request in a fresh isolate also builds the Worker: the test timeout, not the hook's.
}, 30_000)
afterAll(() => {
  EdgeBackend.prototype.fetch = objectFetch
  spy.restore()
})

describe('password routes spelled with percent-encoded letters', () => {
  it.each([
    ['/v1', '/account/sessions/email'],
    ['/v1', '/account/%73essions/email'],
    ['/v1', '/%61ccount/sessions/%65mail'],
    ['/%76%31', '/account/sessions/email'],
  ])('signs in at %s%s with the password hashed in the Worker', async (base, path) => {
    const hashes = spy.iterations.length
    const res = await v1(path, { base, body: { email: EMAIL, password: PASSWORD } })
    expect(res.status).toBe(201)
    expect(sessionCookie(res)).toMatch(/^a_session_/)
    expect(spy.iterations.length).toBe(hashes + 1)
  })

  it('applies the sign-up checks to an encoded POST /account', async () => {
    const hashes = spy.iterations.length
    const res = await v1('/%61ccount', {
      ip: '198.51.100.60',
      body: { userId: 'unique()', email: 'stranger@example.com', password: PASSWORD },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ type: 'user_email_not_whitelisted' })
    expect(spy.iterations.length).toBe(hashes)
  })

  it('changes a password at an encoded /users/{id}/password, with the id decoded', async () => {
    const res = await v1('/users/%65ncoded-user/p%61ssword', {
      method: 'PATCH',
      body: { password: PASSWORD },
      headers: withKey(),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ $id: 'encoded-user' })
  })

  it('never lets the plain password reach the object', () => {
    expect(seen.length).toBeGreaterThan(3)
    for (const body of seen) expect(body).not.toContain(PASSWORD)
  })
})

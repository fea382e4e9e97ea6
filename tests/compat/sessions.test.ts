import { beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { PROJECT, serverClient } from './helpers/server-sdk'
import { createUser, signedIn, type Credentials } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// Email/password sessions through the official web SDK (cookie jar per client, as a browser),
// against the shared compat server. Listing, ending, JWTs and locale: sessions-manage.test.ts.

const url = inject('serverUrl')
const COOKIE = `a_session_${PROJECT}`

let ada: Credentials
beforeAll(async () => {
  ada = await createUser(url, 'sess')
})

describe('email/password sessions', () => {
  it('creates a session: session model, HttpOnly SameSite=Lax cookie, no fallback header', async () => {
    const web = webClient(url)
    const session = await web.account.createEmailPasswordSession({
      email: ada.email.toUpperCase(),
      password: ada.password,
    })
    expectModel(session, 'session')
    expect(session).toMatchObject({
      userId: ada.id,
      provider: 'email',
      providerUid: ada.email,
      current: true,
      secret: '',
      factors: ['password'],
    })
    // SESSION_DAYS (30 in .dev.vars.example) from now.
    const days = (Date.parse(session.expire) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    const res = web.jar.last!
    expect(res.status).toBe(201)
    expect(res.headers.get('x-fallback-cookies')).toBeNull()
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!
    const attrs = cookie.split(';').map((a) => a.trim().toLowerCase())
    expect(attrs).toContain('httponly')
    expect(attrs).toContain('samesite=lax')
    expect(attrs).toContain('path=/')
    expect(attrs).not.toContain('secure') // plain http locally; Secure on https
    expect(attrs.some((a) => a.startsWith('domain='))).toBe(false)
    expect(localStorage.getItem('cookieFallback')).toBeNull()
    // The cookie value is Appwrite's encoded session: base64 JSON {id, secret}.
    const decoded = JSON.parse(atob(decodeURIComponent(web.jar.get(COOKIE)!)))
    expect(decoded.id).toBe(ada.id)
    expect(decoded.secret).toMatch(/^[0-9a-f]{64}$/)

    const me = await web.account.get()
    expectModel(me, 'user')
    expect(me).toMatchObject({ $id: ada.id, email: ada.email, name: ada.name })
    expect(me).not.toHaveProperty('password')
    expect(me).not.toHaveProperty('hash')
  })

  it('answers the old path /account/sessions the same way', async () => {
    const res = await fetch(`${url}/v1/account/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
      body: JSON.stringify({ email: ada.email, password: ada.password }),
    })
    expect(res.status).toBe(201)
    expectModel(await res.json(), 'session')
  })

  it('refuses a second session on a request that already has one', async () => {
    const web = await signedIn(url, ada)
    const err = await failure(
      web.account.createEmailPasswordSession({ email: ada.email, password: ada.password }),
    )
    expect([err.code, err.type]).toEqual([401, 'user_session_already_exists'])
  })

  it('fails an unknown email and a wrong password identically', async () => {
    const web = webClient(url)
    const wrong = await failure(
      web.account.createEmailPasswordSession({ email: ada.email, password: 'Wrong-pass-1!' }),
    )
    const unknown = await failure(
      web.account.createEmailPasswordSession({
        email: `nobody-${Date.now()}@kathelia.test`,
        password: 'Wrong-pass-1!',
      }),
    )
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_credentials'])
    expect([unknown.code, unknown.type, unknown.message]).toEqual([
      wrong.code,
      wrong.type,
      wrong.message,
    ])
    expect(web.jar.cookies.size).toBe(0)
  })

  it('refuses a blocked user with 403 user_blocked', async () => {
    const blocked = await createUser(url, 'blocked')
    await serverClient(url).users.updateStatus({ userId: blocked.id, status: false })
    const err = await failure(signedIn(url, blocked))
    expect([err.code, err.type]).toEqual([403, 'user_blocked'])
  })

  it('validates params like Appwrite', async () => {
    const post = (body: unknown) =>
      fetch(`${url}/v1/account/sessions/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
        body: JSON.stringify(body),
      }).then(async (r) => [r.status, await r.json()])
    expect(await post({ email: 'not-an-email', password: 'x' })).toEqual([
      400,
      expect.objectContaining({
        type: 'general_argument_invalid',
        message: 'Invalid `email` param: Value must be a valid email address',
      }),
    ])
    expect(await post({ email: ada.email })).toEqual([
      400,
      expect.objectContaining({ message: 'Param "password" is not optional.' }),
    ])
  })
})

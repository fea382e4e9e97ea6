import { Account as ServerAccount, Client as ServerClient } from 'node-appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { expectModel } from './helpers/openapi'
import { createUser, serverClient, type Credentials } from './helpers/server-sdk'
import { PROJECT, webClient, type WebClient } from './helpers/web-sdk'
import { failure } from './helpers/failure'

// Sessions, JWTs and locale through the official web SDK (cookie jar per client, as a browser)
// and node-appwrite, against the shared compat server.

const url = inject('serverUrl')
const COOKIE = `a_session_${PROJECT}`

async function signedIn(creds: Credentials): Promise<WebClient> {
  const web = webClient(url)
  await web.account.createEmailPasswordSession({ email: creds.email, password: creds.password })
  return web
}

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
    const web = await signedIn(ada)
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
    const err = await failure(signedIn(blocked))
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

describe('listing and ending sessions', () => {
  it('lists, gets and deletes sessions; deleting the current one clears the cookie', async () => {
    const user = await createUser(url, 'list')
    const [first, second] = [await signedIn(user), await signedIn(user)]
    const list = await second.account.listSessions()
    expectModel(list, 'sessionList')
    expect(list.total).toBe(2)
    const current = list.sessions.find((s) => s.current)!
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1)
    expect(await second.account.getSession({ sessionId: 'current' })).toMatchObject({
      $id: current.$id,
      current: true,
    })
    const other = list.sessions.find((s) => !s.current)!
    const got = await second.account.getSession({ sessionId: other.$id })
    expectModel(got, 'session')
    expect(got.current).toBe(false)
    const missing = await failure(second.account.getSession({ sessionId: 'nope' }))
    expect([missing.code, missing.type]).toEqual([404, 'user_session_not_found'])

    // Ending the other session signs the first client out, not this one.
    await second.account.deleteSession({ sessionId: other.$id })
    expect(second.jar.last!.status).toBe(204)
    expect((await failure(first.account.get())).type).toBe('general_unauthorized_scope')
    expect((await second.account.get()).$id).toBe(user.id)

    await second.account.deleteSession({ sessionId: 'current' })
    expect(second.jar.cookies.size).toBe(0)
    const guest = await failure(second.account.get())
    expect([guest.code, guest.type, guest.message]).toEqual([
      401,
      'general_unauthorized_scope',
      'User (role: guests) missing scopes (["account"])',
    ])
  })

  it('deleteSessions ends every session of the user and clears the cookie', async () => {
    const user = await createUser(url, 'all')
    const [a, b] = [await signedIn(user), await signedIn(user)]
    await b.account.deleteSessions()
    expect(b.jar.last!.status).toBe(204)
    expect(b.jar.last!.headers.get('x-fallback-cookies')).toBeNull()
    expect(b.jar.cookies.size).toBe(0)
    expect((await failure(a.account.get())).code).toBe(401)
    const { sessions } = await serverClient(url).users.listSessions({ userId: user.id })
    expect(sessions).toHaveLength(0)
  })

  it('the server can open a session whose secret a client uses with setSession', async () => {
    const user = await createUser(url, 'ssr')
    const session = await serverClient(url).users.createSession({ userId: user.id })
    expectModel(session, 'session', 'server')
    expect(session.secret).not.toBe('')
    const web = webClient(url)
    web.client.setSession(session.secret)
    expect((await web.account.get()).$id).toBe(user.id)
  })
})

describe('JWTs', () => {
  it('creates a JWT that node-appwrite uses via X-Appwrite-JWT until the session ends', async () => {
    const user = await createUser(url, 'jwt')
    const web = await signedIn(user)
    const token = await web.account.createJWT()
    expectModel(token, 'jwt')
    const [, payload] = token.jwt.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    expect(claims.userId).toBe(user.id)
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(890)
    expect(claims.exp - Date.now() / 1000).toBeLessThanOrEqual(900)

    const viaJwt = new ServerAccount(
      new ServerClient().setEndpoint(`${url}/v1`).setProject(PROJECT).setJWT(token.jwt),
    )
    expect((await viaJwt.get()).$id).toBe(user.id)

    const short = await web.account.createJWT({ duration: 60 })
    const exp = JSON.parse(Buffer.from(short.jwt.split('.')[1], 'base64url').toString()).exp
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(60)
    const tooLong = await failure(web.account.createJWT({ duration: 3601 }))
    expect([tooLong.code, tooLong.type]).toEqual([400, 'general_argument_invalid'])

    await web.account.deleteSession({ sessionId: 'current' })
    const after = await viaJwt.get().catch((e: { code: number; type: string }) => e)
    expect(after).toMatchObject({ code: 401, type: 'user_jwt_invalid' })
  })

  it('refuses a guest', async () => {
    const err = await failure(webClient(url).account.createJWT())
    expect([err.code, err.type]).toEqual([401, 'general_unauthorized_scope'])
  })
})

describe('locale', () => {
  it('answers the locale model for guests', async () => {
    const web = webClient(url)
    const locale = await web.locale.get()
    expectModel(locale, 'locale')
    expect(locale.ip).toMatch(/\S/)
    expect(locale.countryCode).toMatch(/^([A-Z]{2}|--)$/)
    expect(typeof locale.eu).toBe('boolean')
    if (locale.countryCode === '--') expect(locale.country).toBe('Unknown')
    else expect(locale.country).not.toBe('Unknown')
  })
})

import { Account as ServerAccount, Client as ServerClient } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { PROJECT, serverClient } from './helpers/server-sdk'
import { createUser, signedIn } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// Listing and ending sessions, server-made sessions, JWTs and locale through the official web SDK
// (cookie jar per client, as a browser) and node-appwrite, against the shared compat server.

const url = inject('serverUrl')
const COOKIE = `a_session_${PROJECT}`

describe('listing and ending sessions', () => {
  it('lists, gets and deletes sessions; deleting the current one clears the cookie', async () => {
    const user = await createUser(url, 'list')
    const [first, second] = [await signedIn(url, user), await signedIn(url, user)]
    const list = await second.account.listSessions()
    expectModel(list, 'sessionList')
    expect(list.total).toBe(2)
    const current = list.sessions.find((s) => s.current)!
    const byKey = await serverClient(url).users.listSessions({ userId: user.id })
    expectModel(byKey, 'sessionList', 'server')
    expect(byKey.sessions.map((s) => s.$id).sort()).toEqual(list.sessions.map((s) => s.$id).sort())
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1)
    const byCurrent = await second.account.getSession({ sessionId: 'current' })
    expectModel(byCurrent, 'session')
    expect(byCurrent).toMatchObject({ $id: current.$id, current: true })
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
    expect(second.jar.get(COOKIE)).toBeUndefined() // the device cookie stays
    const guest = await failure(second.account.get())
    expect([guest.code, guest.type, guest.message]).toEqual([
      401,
      'general_unauthorized_scope',
      'User (role: guests) missing scopes (["account"])',
    ])
  })

  it('deleteSessions ends every session of the user and clears the cookie', async () => {
    const user = await createUser(url, 'all')
    const [a, b] = [await signedIn(url, user), await signedIn(url, user)]
    await b.account.deleteSessions()
    expect(b.jar.last!.status).toBe(204)
    expect(b.jar.last!.headers.get('x-fallback-cookies')).toBeNull()
    expect(b.jar.get(COOKIE)).toBeUndefined() // the device cookie stays
    expect((await failure(a.account.get())).code).toBe(401)
    const list = await serverClient(url).users.listSessions({ userId: user.id })
    expectModel(list, 'sessionList', 'server')
    expect(list).toMatchObject({ total: 0, sessions: [] })
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
    const web = await signedIn(url, user)
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

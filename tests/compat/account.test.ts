import { ID } from 'appwrite'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { closeRawSockets, RawSocket } from './helpers/raw-socket'
import { PROJECT, serverClient } from './helpers/server-sdk'
import { createUser, signedIn } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// Registration (allowlist) and profile updates. These run on their own server, because they
// register allow-listed emails. Mails: account-mail.test.ts; limits: account-limits.test.ts.

const ALLOWED = ['reg-1@kathelia.test', 'reg-2@kathelia.test', 'reg-3@kathelia.test']
let server: AppServer
let url: string

beforeAll(async () => {
  server = await startAppServer({ ALLOWED_EMAILS: ALLOWED.join(',') })
  url = server.url
})
afterAll(() => server?.close())
afterEach(closeRawSockets)

describe('registration', () => {
  it('creates an account for an allow-listed email (lower-cased), then refuses duplicates', async () => {
    const web = webClient(url)
    const user = await web.account.create({
      userId: ID.unique(),
      email: 'Reg-1@Kathelia.Test',
      password: 'Register-1!pass',
      name: 'Reg One',
    })
    expectModel(user, 'user')
    expect(user).toMatchObject({
      email: ALLOWED[0],
      name: 'Reg One',
      emailVerification: false,
      status: true,
      prefs: {},
    })
    expect(user).not.toHaveProperty('password')
    expect(web.jar.cookies.size).toBe(0) // no session is created
    const again = await failure(
      web.account.create({ userId: ID.unique(), email: ALLOWED[0], password: 'Register-1!pass' }),
    )
    expect([again.code, again.type]).toEqual([409, 'user_already_exists'])
    const sameId = await failure(
      web.account.create({ userId: user.$id, email: ALLOWED[1], password: 'Register-1!pass' }),
    )
    expect(sameId.type).toBe('user_already_exists')
  })

  it('refuses an email outside the allowlist with 401 user_email_not_whitelisted', async () => {
    const err = await failure(
      webClient(url).account.create({
        userId: ID.unique(),
        email: 'stranger@kathelia.test',
        password: 'Register-1!pass',
      }),
    )
    expect([err.code, err.type]).toEqual([401, 'user_email_not_whitelisted'])
  })

  it('refuses a password outside 8-256 characters before anything is stored', async () => {
    const err = await failure(
      webClient(url).account.create({ userId: ID.unique(), email: ALLOWED[2], password: 'short' }),
    )
    expect([err.code, err.type]).toEqual([400, 'general_argument_invalid'])
    const { total } = await serverClient(url).users.list({ search: ALLOWED[2] })
    expect(total).toBe(0)
  })
})

describe('profile', () => {
  it('updates the name and the prefs, and publishes account events to the owner', async () => {
    const u = await createUser(url, 'prof')
    const web = await signedIn(url, u)
    const ws = await new RawSocket(`${url.replace('http', 'ws')}/v1/realtime?project=${PROJECT}`, {
      cookie: web.jar.header(),
    }).open()
    const frames = ws.frames
    ws.send({
      type: 'subscribe',
      data: [{ subscriptionId: 's1', channels: ['account'], queries: [] }],
    })
    await expect.poll(() => frames.some((f) => f.type === 'response')).toBe(true)

    const named = await web.account.updateName({ name: 'New Name' })
    expectModel(named, 'user')
    expect(named.name).toBe('New Name')
    expect(await web.account.getPrefs()).toEqual({})
    const withPrefs = await web.account.updatePrefs({ prefs: { blur: 2, theme: 'dark' } })
    expectModel(withPrefs, 'user')
    const prefs = await web.account.getPrefs()
    expectModel(prefs, 'preferences')
    expect(prefs).toEqual({ blur: 2, theme: 'dark' })

    await expect.poll(() => frames.filter((f) => f.type === 'event').length).toBe(2)
    const [nameEvent, prefsEvent] = frames.filter((f) => f.type === 'event').map((f) => f.data)
    expect(nameEvent.events).toContain(`users.${u.id}.update.name`)
    expect(prefsEvent.events).toEqual([
      `users.${u.id}.update`,
      'users.*.update',
      `users.${u.id}.update.prefs`,
      'users.*.update.prefs',
      `users.${u.id}`,
      'users.*',
    ])
    expect(prefsEvent.channels).toEqual(
      expect.arrayContaining(['account', `account.${u.id}`, `account.${u.id}.update`]),
    )
    expectModel(nameEvent.payload, 'user')
    expectModel(prefsEvent.payload, 'user')
    expect(prefsEvent.payload).toMatchObject({ $id: u.id, prefs: { blur: 2, theme: 'dark' } })
    expect(prefsEvent.payload).not.toHaveProperty('password')
    ws.ws.close()

    const bad = await failure(web.account.updateName({ name: 'x'.repeat(129) }))
    expect([bad.code, bad.type]).toEqual([400, 'general_argument_invalid'])
  })

  it('changes the password only with the right old one, ending the other sessions', async () => {
    const u = await createUser(url, 'pw')
    const [other, web] = [await signedIn(url, u), await signedIn(url, u)]
    const wrong = await failure(
      web.account.updatePassword({ password: 'Brand-new-1!', oldPassword: 'Not-it-1!' }),
    )
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_credentials'])
    const missing = await failure(web.account.updatePassword({ password: 'Brand-new-1!' }))
    expect(missing.type).toBe('user_invalid_credentials')

    const user = await web.account.updatePassword({
      password: 'Brand-new-1!',
      oldPassword: u.password,
    })
    expectModel(user, 'user')
    expect(Date.parse(user.passwordUpdate)).toBeGreaterThan(Date.now() - 10_000)
    expect((await web.account.get()).$id).toBe(u.id)
    expect((await failure(other.account.get())).code).toBe(401)
    expect((await failure(signedIn(url, u))).type).toBe('user_invalid_credentials')
    await signedIn(url, { email: u.email, password: 'Brand-new-1!' })
  })

  it('needs a session for every account route', async () => {
    const guest = webClient(url).account
    for (const call of [
      () => guest.get(),
      () => guest.getPrefs(),
      () => guest.updateName({ name: 'x' }),
      () => guest.listSessions(),
      () => guest.createEmailVerification({ url: `${url}/` }),
    ]) {
      const err = await failure(call())
      expect([err.code, err.type]).toEqual([401, 'general_unauthorized_scope'])
    }
  })
})

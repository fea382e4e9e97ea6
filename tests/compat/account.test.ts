import { AppwriteException, ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { expectModel } from './helpers/openapi'
import { createUser, serverClient } from './helpers/server-sdk'
import { PROJECT, webClient, type WebClient } from './helpers/web-sdk'
import { failure } from './helpers/failure'

// Registration (allowlist), profile updates, verification and recovery mails, the session cap and
// login throttling. These run on their own server: they register allow-listed emails, cap
// sessions at 3 and exhaust the login limits of 127.0.0.1, which would disturb shared tests.

const ALLOWED = ['reg-1@kathelia.test', 'reg-2@kathelia.test', 'reg-3@kathelia.test']
let server: AppServer
let url: string

beforeAll(async () => {
  server = await startAppServer({ ALLOWED_EMAILS: ALLOWED.join(','), MAX_SESSIONS: '3' })
  url = server.url
})
afterAll(() => server?.close())

async function signedIn(email: string, password: string): Promise<WebClient> {
  const web = webClient(url)
  await web.account.createEmailPasswordSession({ email, password })
  return web
}

type OutboxMail = { to: string; subject: string; text: string; html: string }
const outbox = async (): Promise<OutboxMail[]> => (await fetch(`${url}/__dev/outbox`)).json()

/** The newest mail to `to`, and the link in it. */
async function lastMailTo(to: string) {
  const mail = (await outbox()).find((m) => m.to === to)
  if (!mail) throw new Error(`no mail to ${to}`)
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0])
  return { mail, link, params: Object.fromEntries(link.searchParams) }
}

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
    const web = await signedIn(u.email, u.password)
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/realtime?project=${PROJECT}`, {
      headers: { cookie: web.jar.header() },
    })
    const frames: { type: string; data: any }[] = []
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw))))
    await new Promise((r) => ws.once('open', r))
    ws.send(
      JSON.stringify({
        type: 'subscribe',
        data: [{ subscriptionId: 's1', channels: ['account'], queries: [] }],
      }),
    )
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
    expect(prefsEvent.payload).toMatchObject({ $id: u.id, prefs: { blur: 2, theme: 'dark' } })
    expect(prefsEvent.payload).not.toHaveProperty('password')
    ws.close()

    const bad = await failure(web.account.updateName({ name: 'x'.repeat(129) }))
    expect([bad.code, bad.type]).toEqual([400, 'general_argument_invalid'])
  })

  it('changes the password only with the right old one, ending the other sessions', async () => {
    const u = await createUser(url, 'pw')
    const [other, web] = [await signedIn(u.email, u.password), await signedIn(u.email, u.password)]
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
    expect((await failure(signedIn(u.email, u.password))).type).toBe('user_invalid_credentials')
    await signedIn(u.email, 'Brand-new-1!')
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

describe('email verification', () => {
  it('mails a link with userId, secret and expire that verifies the account once', async () => {
    const u = await createUser(url, 'verify')
    const web = await signedIn(u.email, u.password)
    const token = await web.account.createEmailVerification({ url: `${url}/?from=mail` })
    expectModel(token, 'token')
    expect(token).toMatchObject({ userId: u.id, secret: '' })
    const seconds = (Date.parse(token.expire) - Date.now()) / 1000
    expect(seconds).toBeGreaterThan(3590)
    expect(seconds).toBeLessThanOrEqual(3600)

    const { mail, link, params } = await lastMailTo(u.email)
    expect(mail.subject).toBe('Verify your Kathelia account')
    expect(mail.html).toContain('href="')
    expect(link.origin).toBe(url)
    expect(params).toMatchObject({ from: 'mail', userId: u.id, expire: token.expire })
    expect(params.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(mail.text).toContain('expire=' + encodeURIComponent(token.expire))

    // The landing page verifies without a session (scope public).
    const landing = webClient(url)
    const done = await landing.account.updateEmailVerification({
      userId: u.id,
      secret: params.secret,
    })
    expectModel(done, 'token')
    expect(landing.jar.last!.status).toBe(200)
    expect((await web.account.get()).emailVerification).toBe(true)

    const reused = await failure(
      landing.account.updateEmailVerification({ userId: u.id, secret: params.secret }),
    )
    expect([reused.code, reused.type]).toEqual([401, 'user_invalid_token'])
    const again = await failure(web.account.createEmailVerification({ url: `${url}/` }))
    expect([again.code, again.type]).toEqual([409, 'user_email_already_verified'])
  })

  it('answers 404 for an unknown user and 401 for a wrong secret', async () => {
    const u = await createUser(url, 'verify2')
    const web = await signedIn(u.email, u.password)
    await web.account.createVerification({ url: `${url}/` }) // the deprecated alias
    const unknown = await failure(
      web.account.updateEmailVerification({ userId: 'nobody', secret: 'x' }),
    )
    expect([unknown.code, unknown.type]).toEqual([404, 'user_not_found'])
    const wrong = await failure(
      web.account.updateVerification({ userId: u.id, secret: 'f'.repeat(64) }),
    )
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_token'])
  })

  it("refuses a link to another site's origin", async () => {
    const u = await createUser(url, 'verify3')
    const web = await signedIn(u.email, u.password)
    const err = await failure(web.account.createEmailVerification({ url: 'https://evil.test/' }))
    expect([err.code, err.type]).toEqual([400, 'general_argument_invalid'])
    expect(err.message).toMatch(/^Invalid `url` param: URL host must be one of: /)
  })
})

describe('password recovery', () => {
  it('mails a link; the secret sets a new password once and ends every session', async () => {
    const u = await createUser(url, 'recover')
    const before = await signedIn(u.email, u.password)
    const guest = webClient(url)
    const token = await guest.account.createRecovery({ email: u.email, url: `${url}/reset` })
    expectModel(token, 'token')
    expect(token).toMatchObject({ userId: u.id, secret: '' })
    const { mail, params } = await lastMailTo(u.email)
    expect(mail.subject).toBe('Reset your Kathelia password')
    expect(params).toMatchObject({ userId: u.id, expire: token.expire })

    const wrong = await failure(
      guest.account.updateRecovery({ userId: u.id, secret: 'x', password: 'Recovered-1!' }),
    )
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_token'])
    const done = await guest.account.updateRecovery({
      userId: u.id,
      secret: params.secret,
      password: 'Recovered-1!',
    })
    expectModel(done, 'token')
    expect((await failure(before.account.get())).code).toBe(401)
    await signedIn(u.email, 'Recovered-1!')
    const reused = await failure(
      guest.account.updateRecovery({ userId: u.id, secret: params.secret, password: 'Again-12!' }),
    )
    expect(reused.type).toBe('user_invalid_token')
  })

  it('answers an unknown email like a known one and sends nothing (no account oracle)', async () => {
    const count = (await outbox()).length
    const email = `ghost-${ID.unique()}@kathelia.test`
    const token = await webClient(url).account.createRecovery({ email, url: `${url}/reset` })
    expectModel(token, 'token')
    const again = await webClient(url).account.createRecovery({ email, url: `${url}/reset` })
    expect(again.userId).toBe(token.userId) // stable, like a real account's id
    expect((await outbox()).length).toBe(count)
    const err = await failure(
      webClient(url).account.updateRecovery({
        userId: token.userId,
        secret: 'x',
        password: 'Whatever-1!',
      }),
    )
    expect(err.type).toBe('user_invalid_token')
  })
})

describe('session cap (MAX_SESSIONS=3 here)', () => {
  it('ends the oldest session when a fourth opens', async () => {
    const u = await createUser(url, 'cap')
    const clients: WebClient[] = []
    for (let i = 0; i < 4; i++) clients.push(await signedIn(u.email, u.password))
    const list = await clients[3].account.listSessions()
    expect(list.total).toBe(3)
    expect((await failure(clients[0].account.get())).code).toBe(401)
    for (const c of clients.slice(1)) expect((await c.account.get()).$id).toBe(u.id)
  })
})

// Keep last: these exhaust the limits of this server's only client IP.
describe('login throttling', () => {
  const attempt = (email: string, password: string) =>
    webClient(url)
      .account.createEmailPasswordSession({ email, password })
      .then(
        () => 201,
        (e: AppwriteException) => e.type,
      )

  it('a success clears the account counter', async () => {
    const u = await createUser(url, 'reset')
    for (let i = 0; i < 9; i++) expect(await attempt(u.email, 'Wrong-pass-1!')).not.toBe(201)
    expect(await attempt(u.email, u.password)).toBe(201)
    for (let i = 0; i < 9; i++)
      expect(await attempt(u.email, 'Wrong-pass-1!')).toBe('user_invalid_credentials')
    expect(await attempt(u.email, u.password)).toBe(201)
  })

  it('blocks an account after 10 failures within 15 minutes, even with the right password', async () => {
    const [u, other] = [await createUser(url, 'thr'), await createUser(url, 'thr2')]
    for (let i = 0; i < 10; i++)
      expect(await attempt(u.email.toUpperCase(), 'Wrong-pass-1!')).toBe('user_invalid_credentials')
    const err = await failure(signedIn(u.email, u.password))
    expect([err.code, err.type]).toEqual([429, 'general_rate_limit_exceeded'])
    // Unknown accounts are counted the same way.
    const ghost = `ghost-${ID.unique()}@kathelia.test`
    for (let i = 0; i < 10; i++) await attempt(ghost, 'Wrong-pass-1!')
    expect(await attempt(ghost, 'Wrong-pass-1!')).toBe('general_rate_limit_exceeded')
    // Another account from the same IP is not affected.
    expect(await attempt(other.email, other.password)).toBe(201)
  })

  it('blocks the IP after 50 failures within 15 minutes', async () => {
    // A fresh server, so the count starts at zero.
    const fresh = await startAppServer()
    try {
      const u = await createUser(fresh.url, 'ip')
      const tryOn = (email: string, password: string) =>
        webClient(fresh.url)
          .account.createEmailPasswordSession({ email, password })
          .then(
            () => 201,
            (e: AppwriteException) => e.type,
          )
      // Different accounts, so only the IP counter can reach its limit.
      for (let i = 0; i < 50; i++)
        expect(await tryOn(`ip-${i}@kathelia.test`, 'Wrong-pass-1!')).toBe(
          'user_invalid_credentials',
        )
      expect(await tryOn(u.email, u.password)).toBe('general_rate_limit_exceeded')
    } finally {
      await fresh.close()
    }
  }, 120_000)
})

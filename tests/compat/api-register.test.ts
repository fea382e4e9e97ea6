import { AppwriteException, ID } from 'appwrite'
import { Query, Users } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../shared/constants'
import { TEXTS } from '../../shared/texts'
import { FORM_TEXTS } from '../../shared/form-texts'
import {
  adapters,
  call,
  createUser,
  jwtFor,
  keyClient,
  startAdapterPair,
  type AdapterPair,
  type TestUser,
} from './api-setup'
import { expectError } from './api-routes-setup'
import { webClient } from './helpers/web-sdk'

// POST /api/auth/register through both adapters: the allowlist and the password rules, then the
// user is made with the API key. In appwrite mode (B) the backend is A's /v1 standing in for a
// real project, whose own sign-up is closed (docs/presence-privacy.md). Also: REPOSITORY_URL in the flags.
const REPOSITORY_URL = 'https://git.example/kathelia'
const LISTED = ['reg-embedded@kathelia.test', 'reg-appwrite@kathelia.test']
const STRONG = 'Register-2026!ok'

let pair: AdapterPair
let ada: TestUser, ben: TestUser

beforeAll(async () => {
  pair = await startAdapterPair({
    ALLOWED_EMAILS: ['ada@kathelia.test', 'ben@kathelia.test', ...LISTED].join(','),
    REPOSITORY_URL,
  })
  ada = await createUser(pair.a.url, 'ada@kathelia.test', 'Ada')
  ben = await createUser(pair.a.url, 'ben@kathelia.test', 'Ben')
}, 120_000)
afterAll(() => pair?.close())

const accountsOf = async (email: string) =>
  (await new Users(keyClient(pair.a.url)).list({ queries: [Query.equal('email', email)] })).total

describe.each(adapters(() => pair))('/api/auth/register with the %s adapter', (mode, url) => {
  const email = `reg-${mode}@kathelia.test`
  const register = (body: unknown) => call(url(), '/auth/register', body)

  it('an unlisted email gets no account, with the API or with the SDK', async () => {
    const eve = `eve-${mode}@kathelia.test`
    const refused = expectError(await register({ email: eve, password: STRONG, name: 'Eve' }), 403)
    expect(refused).toEqual({ code: 'not_authorized', message: TEXTS.notAuthorized })
    const direct = await webClient(pair.a.url)
      .account.create({ userId: ID.unique(), email: eve, password: STRONG })
      .then(
        () => null,
        (e: AppwriteException) => e.type,
      )
    expect(direct).toBe('user_email_not_whitelisted')
    expect(await accountsOf(eve)).toBe(0)
  })

  it('refuses a weak password and a bad body (400) before making anything', async () => {
    const weak = expectError(await register({ email, password: 'weakpassword1', name: 'R' }), 400)
    expect(weak.code).toBe('validation_failed')
    expect(weak.message).toContain(FORM_TEXTS.passwordTooWeak)
    expectError(await register({ email, password: STRONG }), 400)
    expectError(await register({ email, password: STRONG, name: 'R', userId: 'x' }), 400)
    expectError(await register({ email: 'nope', password: STRONG, name: 'R' }), 400)
    expect(await accountsOf(email)).toBe(0)
  })

  it('creates a listed user who signs in with that password; a second time is a 409', async () => {
    const made = await register({ email: email.toUpperCase(), password: STRONG, name: ' Reg ' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toEqual({ $id: expect.any(String), name: 'Reg', email })
    const session = await webClient(pair.a.url).account.createEmailPasswordSession({
      email,
      password: STRONG,
    })
    expect(session.userId).toBe(made.body.$id)
    const again = expectError(await register({ email, password: STRONG, name: 'Reg' }), 409)
    expect(again.code).toBe('user_already_exists')
    expect(await accountsOf(email)).toBe(1)
  })

  it('flags: the admin gets REPOSITORY_URL for the version link, the partner does not', async () => {
    const admin = await call(
      url(),
      '/auth/flags',
      { email: ada.email },
      await jwtFor(pair.a.url, ada.email),
    )
    expect(admin.body).toEqual({
      isAdmin: true,
      list: 'admin',
      repositoryUrl: REPOSITORY_URL,
      gifs: false,
      linkChecks: false,
      linkPreviews: true,
    })
    const other = await call(
      url(),
      '/auth/flags',
      { email: ben.email },
      await jwtFor(pair.a.url, ben.email),
    )
    expect(other.body).not.toHaveProperty('repositoryUrl')
    expect(`${admin.body.repositoryUrl}/releases/tag/v${APP_VERSION}`).toMatch(/^https:/)
  })
})

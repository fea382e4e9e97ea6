import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { failure } from './helpers/failure'
import { lastMailTo } from './helpers/outbox'
import { createUser, type Credentials } from './helpers/users'
import { PROJECT, webClient, type WebClient } from './helpers/web-sdk'

// Lockout must not be a denial of service: a stranger who exhausts an account's failed-login
// limit locks out unknown devices only. A browser that signed in before carries a signed device
// cookie, and its failures are counted on their own (OWASP's device-cookie pattern).
// Own server: the attacks below spend this client IP's failed-login budget.
let server: AppServer
let owner: Credentials
let ownerBrowser: WebClient
const DEVICE_COOKIE = `a_device_${PROJECT}`

beforeAll(async () => {
  server = await startAppServer()
  owner = await createUser(server.url, 'lockout')
  ownerBrowser = webClient(server.url)
  await ownerBrowser.account.createEmailPasswordSession(owner)
  await ownerBrowser.account.deleteSession({ sessionId: 'current' })
})
afterAll(() => server?.close())

/** One login from a browser that never signed in (raw, for the status and headers). */
const fromUnknownDevice = (password: string, cookie?: string) =>
  fetch(`${server.url}/v1/account/sessions/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-appwrite-project': PROJECT,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ email: owner.email, password }),
  })

async function expectThrottled(res: Response) {
  expect(res.status).toBe(429)
  expect((await res.json()).type).toBe('general_rate_limit_exceeded')
  const wait = Number(res.headers.get('retry-after'))
  expect(wait).toBeGreaterThan(0)
  expect(wait).toBeLessThanOrEqual(15 * 60)
}

describe('login lockout with device cookies', () => {
  it('gives a signed-in browser a signed, HttpOnly, long-lived device cookie', () => {
    const set = ownerBrowser.jar.responses
      .flatMap((r) => r.headers.getSetCookie())
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    expect(set).toMatch(/; HttpOnly/)
    expect(set).toMatch(/; SameSite=Lax/)
    expect(set).toMatch(/; Path=\/v1\/account/)
    const days = Number(/Max-Age=(\d+)/.exec(set)![1]) / 86400
    expect(days).toBeGreaterThanOrEqual(365)
    // The session cookie is gone after sign-out; the device cookie stays.
    expect(ownerBrowser.jar.get(`a_session_${PROJECT}`)).toBeUndefined()
    expect(ownerBrowser.jar.get(DEVICE_COOKIE)).toBeTruthy()
  })

  it("keeps the owner's known device signing in while strangers are locked out", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await fromUnknownDevice('Wrong-pass-1!')
      expect((await res.json()).type).toBe('user_invalid_credentials')
    }
    await expectThrottled(await fromUnknownDevice('Wrong-pass-1!'))
    // The right password from an unknown device waits too.
    await expectThrottled(await fromUnknownDevice(owner.password))
    // A forged or tampered device cookie is an unknown device.
    const forged = `${DEVICE_COOKIE}=${ownerBrowser.jar.get(DEVICE_COOKIE)!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`
    await expectThrottled(await fromUnknownDevice(owner.password, forged))

    const session = await ownerBrowser.account.createEmailPasswordSession(owner)
    expect(session.userId).toBe(owner.id)
    expect((await ownerBrowser.account.get()).$id).toBe(owner.id)
    await ownerBrowser.account.deleteSession({ sessionId: 'current' })
  })

  it("counts the known device's own failures apart, and locks only that device", async () => {
    for (let i = 0; i < 10; i++) {
      const err = await failure(
        ownerBrowser.account.createEmailPasswordSession({ ...owner, password: 'Typo-pass-1!' }),
      )
      expect(err.type).toBe('user_invalid_credentials')
    }
    const locked = await failure(ownerBrowser.account.createEmailPasswordSession(owner))
    expect([locked.code, locked.type]).toEqual([429, 'general_rate_limit_exceeded'])
    expect(Number(ownerBrowser.jar.last!.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('a completed password reset lifts the lock on unknown devices and on the device it ran in', async () => {
    // Both locked by the tests above: strangers' failures, then the owner's own typos.
    await expectThrottled(await fromUnknownDevice(owner.password))
    expect((await failure(ownerBrowser.account.createEmailPasswordSession(owner))).code).toBe(429)
    // The mail proves the address: the owner resets from the known browser.
    await ownerBrowser.account.createRecovery({ email: owner.email, url: `${server.url}/reset` })
    const { params } = await lastMailTo(owner.email, server.url)
    const password = 'Reset-and-in-1!'
    await ownerBrowser.account.updateRecovery({
      userId: owner.id,
      secret: params.secret!,
      password,
    })
    expect((await fromUnknownDevice(password)).status).toBe(201)
    const session = await ownerBrowser.account.createEmailPasswordSession({ ...owner, password })
    expect(session.userId).toBe(owner.id)
  })
})

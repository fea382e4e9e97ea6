import { createHash } from 'node:crypto'
import { ID } from 'appwrite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PWNED_TEXT } from '../../worker/services/pwned-passwords'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type Captured, type CaptureServer } from '../fixtures/capture-server'
import { failure } from './helpers/failure'
import { lastMailTo } from './helpers/outbox'
import { webClient, type WebClient } from './helpers/web-sdk'

// New passwords against a local stand-in for the Pwned Passwords range API
// (GET /range/{5 hex}, Add-Padding: true, answer "SUFFIX:COUNT" lines): refused when listed, on
// registration, password change and recovery; a failed lookup never blocks.
const BREACHED = 'Breached-Pass-1!'
const EMAIL = 'ada@kathelia.test'
let app: AppServer
let hibp: CaptureServer
let web: WebClient
let current = 'Fresh-Start-2026!'

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex').toUpperCase()
const padding = (n: number) =>
  [...Array(n)].map((_, i) => `${sha1(`pad-${i}`).slice(5)}:0`).join('\r\n')

/** The range API's contract: 5 upper/lower hex characters, the padding header, a GET. */
function rangeAnswer(req: Captured) {
  const m = /^\/range\/([0-9A-Fa-f]{5})$/.exec(req.path)
  if (req.method !== 'GET' || !m || req.headers['add-padding'] !== 'true')
    return { status: 400, text: 'wrong call' }
  const listed = sha1(BREACHED)
  const rows = m[1]!.toUpperCase() === listed.slice(0, 5) ? `${listed.slice(5)}:3712\r\n` : ''
  return { status: 200, text: rows + padding(20) }
}

beforeAll(async () => {
  hibp = await startCaptureServer()
  app = await startAppServer({ PWNED_PASSWORDS_URL: hibp.url })
  web = webClient(app.url)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await hibp?.close()
})

beforeEach(() => {
  hibp.clear()
  hibp.fallback = rangeAnswer
})

/** Every lookup was a valid call that carried only the first 5 characters of the hash. */
function expectOnlyPrefixesLeft() {
  expect(hibp.requests.length).toBeGreaterThan(0)
  for (const r of hibp.requests) {
    expect(r.path).toMatch(/^\/range\/[0-9A-F]{5}$/)
    expect(r.headers['add-padding']).toBe('true')
    expect(r.body).toBe('')
    expect(JSON.stringify(r)).not.toContain(sha1(BREACHED).slice(5, 15))
  }
}

const refused = { code: 400, type: 'general_argument_invalid', message: PWNED_TEXT }

describe('breached passwords', () => {
  it('refuses a breached password at registration and accepts another', async () => {
    const e = await failure(
      web.account.create({ userId: ID.unique(), email: EMAIL, password: BREACHED, name: 'Ada' }),
    )
    expect(e).toMatchObject(refused)
    expectOnlyPrefixesLeft()
    const user = await web.account.create({
      userId: ID.unique(),
      email: EMAIL,
      password: current,
      name: 'Ada',
    })
    expect(user.email).toBe(EMAIL)
  })

  it('refuses one at registration through the Worker, the SPA path in both backend modes', async () => {
    const register = (password: string) =>
      fetch(`${app.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ben@kathelia.test', password, name: 'Ben' }),
      })
    const res = await register(BREACHED)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'password_breached', message: PWNED_TEXT })
    expectOnlyPrefixesLeft()
    expect((await register('Kite-String-1752!')).status).toBe(201)
  })

  it('refuses one at a password change', async () => {
    await web.account.createEmailPasswordSession({ email: EMAIL, password: current })
    const e = await failure(
      web.account.updatePassword({ password: BREACHED, oldPassword: current }),
    )
    expect(e).toMatchObject(refused)
    expectOnlyPrefixesLeft()
    await web.account.updatePassword({ password: 'Second-Start-2026!', oldPassword: current })
    current = 'Second-Start-2026!'
  })

  it('refuses one at recovery; the link still works for another password', async () => {
    await web.account.createRecovery({ email: EMAIL, url: `${app.url}/recovery` })
    const { params } = await lastMailTo(EMAIL, app.url)
    const e = await failure(
      web.account.updateRecovery({
        userId: params.userId!,
        secret: params.secret!,
        password: BREACHED,
      }),
    )
    expect(e).toMatchObject(refused)
    expectOnlyPrefixesLeft()
    await web.account.updateRecovery({
      userId: params.userId!,
      secret: params.secret!,
      password: 'Third-Start-2026!',
    })
    current = 'Third-Start-2026!'
  })

  it('never blocks when the lookup fails', async () => {
    hibp.fallback = { status: 503, text: 'unavailable' }
    await web.account.createEmailPasswordSession({ email: EMAIL, password: current })
    await web.account.updatePassword({ password: BREACHED, oldPassword: current })
    expect(hibp.requests).toHaveLength(1)
  })
})

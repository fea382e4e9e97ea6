import { describe, expect, it } from 'vitest'
import { call, config, countPasswordHashes, KEY } from './edge'

// Credential stuffing: failed logins are throttled per account (unknown devices, from any number
// of IPs) and per client IP (across accounts), before any hashing; a browser that signed in to the
// account before (the signed device cookie) keeps signing in while strangers are locked out.
const DEVICE = `a_device_${config.APPWRITE_PROJECT_ID}`
const PASSWORD = 'Stuffing-Pw1!'
let n = 0
const tag = () => `${Date.now().toString(36)}${++n}`

async function victim() {
  const email = `stuffed-${tag()}@kathelia.test`
  const res = await call('/v1/users', {
    headers: KEY,
    json: { userId: 'unique()', email, password: PASSWORD, name: 'Victim' },
  })
  expect(res.status).toBe(201)
  return email
}

const login = (email: string, password: string, ip: string, cookie?: string) =>
  call('/v1/account/sessions/email', {
    headers: { 'cf-connecting-ip': ip, ...(cookie ? { cookie } : {}) },
    json: { email, password },
  })

async function expectThrottled(res: Response) {
  expect(res.status).toBe(429)
  expect(((await res.json()) as { type: string }).type).toBe('general_rate_limit_exceeded')
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(401)
  expect(((await res.json()) as { type: string }).type).toBe('user_invalid_credentials')
}

/** A device cookie from a successful login (the owner's browser), then signed out of. */
async function knownDevice(email: string) {
  const res = await login(email, PASSWORD, '192.0.2.10')
  expect(res.status).toBe(201)
  const device = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE}=`))!
  return device.split(';')[0]!
}

describe('per-account throttle', () => {
  it('locks the account for unknown devices after 10 failures from 10 different IPs', async () => {
    const email = await victim()
    for (let i = 0; i < 10; i++) await expectRefused(await login(email, 'Guess-1!', `10.1.0.${i}`))
    // The 11th guess, from a fresh IP, and even the right password from an unknown device, wait.
    await expectThrottled(await login(email, 'Guess-2!', '10.1.0.99'))
    await expectThrottled(await login(email, PASSWORD, '10.1.0.100'))
  })

  it('answers a throttled attempt without hashing its password', async () => {
    const email = await victim()
    const other = await victim()
    for (let i = 0; i < 10; i++) await login(email, 'Guess-1!', `10.2.0.${i}`)
    const hashes = countPasswordHashes()
    try {
      await expectThrottled(await login(email, 'Guess-3!', '10.2.1.1'))
      await expectThrottled(await login(email, PASSWORD, '10.2.1.2'))
      expect(hashes.count()).toBe(0)
      // The same guess at an account that is not throttled is hashed, once.
      await expectRefused(await login(other, 'Guess-3!', '10.2.2.1'))
      expect(hashes.count()).toBe(1)
    } finally {
      hashes.restore()
    }
  })
})

describe('per-IP throttle', () => {
  it('stops one IP trying many accounts after 50 failures, and only that IP', async () => {
    const ip = '10.3.0.1'
    for (let i = 0; i < 50; i++)
      await expectRefused(await login(`spray-${tag()}@kathelia.test`, 'Spring2026!', ip))
    const email = await victim()
    await expectThrottled(await login(email, 'Spring2026!', ip))
    // The right password from that IP waits too; another IP is served.
    await expectThrottled(await login(email, PASSWORD, ip))
    expect((await login(email, PASSWORD, '10.3.1.1')).status).toBe(201)
  })

  it('a valid login from the IP does not wash out its failures', async () => {
    const ip = '10.4.0.1'
    const email = await victim()
    for (let i = 0; i < 49; i++) await login(`spray-${tag()}@kathelia.test`, 'Summer2026!', ip)
    expect((await login(email, PASSWORD, ip)).status).toBe(201)
    await expectRefused(await login(`spray-${tag()}@kathelia.test`, 'Summer2026!', ip))
    await expectThrottled(await login(`spray-${tag()}@kathelia.test`, 'Summer2026!', ip))
  })
})

describe('known-device cookie', () => {
  it("keeps the owner's browser signing in while a stuffing attack locks the account", async () => {
    const email = await victim()
    const cookie = await knownDevice(email)
    for (let i = 0; i < 12; i++) await login(email, `Stuffed-${i}!`, `10.5.0.${i}`)
    await expectThrottled(await login(email, PASSWORD, '10.5.1.1'))
    const owner = await login(email, PASSWORD, '192.0.2.11', cookie)
    expect(owner.status).toBe(201)
  })

  it('a forged, altered or other account’s device cookie is an unknown device', async () => {
    const email = await victim()
    const other = await victim()
    const cookie = await knownDevice(email)
    const otherCookie = await knownDevice(other)
    for (let i = 0; i < 10; i++) await login(email, `Stuffed-${i}!`, `10.6.0.${i}`)
    const value = cookie.slice(DEVICE.length + 1)
    const [id, nonce] = value.split(':')
    for (const forged of [
      `${DEVICE}=${value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `${DEVICE}=${id}:${nonce}x:${value.split(':')[2]}`,
      `${DEVICE}=${id}:${nonce}`,
      otherCookie,
    ])
      await expectThrottled(await login(email, PASSWORD, '10.6.1.1', forged))
  })

  it("counts the known device's failures apart, and locks only that device", async () => {
    const email = await victim()
    const cookie = await knownDevice(email)
    for (let i = 0; i < 10; i++)
      await expectRefused(await login(email, 'Typo-pass-1!', '192.0.2.12', cookie))
    await expectThrottled(await login(email, PASSWORD, '192.0.2.12', cookie))
    // Unknown devices keep their own budget.
    expect((await login(email, PASSWORD, '10.7.0.1')).status).toBe(201)
  })
})

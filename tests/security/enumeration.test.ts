import { beforeAll, describe, expect, it } from 'vitest'
import { call, countPasswordHashes, KEY, signIn } from './edge'

// Account enumeration: for login, sign-up, recovery and verification an address (or user id) that
// has an account answers exactly like one that has none, in status, body and time.
const TRIES = 50
const RECOVERY_URL = 'http://kathelia.test/recover'
let ip = 0
// A fresh client IP per attempt keeps the per-IP throttles out of the comparison.
const fromIp = () => ({ 'cf-connecting-ip': `203.0.113.${++ip % 250}`, 'x-forwarded-for': '' })

let existing: { id: string; email: string }
const UNLISTED_PASSWORD = 'Enum-Existing-Pw1!'
beforeAll(async () => {
  // An account whose address is not (any more) on the allowlist, to compare with a stranger's.
  const email = `enum-${crypto.randomUUID().slice(0, 8)}@elsewhere.test`
  const made = await call('/v1/users', {
    headers: KEY,
    json: { userId: 'unique()', email, password: UNLISTED_PASSWORD, name: 'Enum' },
  })
  expect(made.status).toBe(201)
  existing = { id: ((await made.json()) as { $id: string }).$id, email }
})
const unknownEmail = () => `nobody-${crypto.randomUUID().slice(0, 8)}@elsewhere.test`
// A random id of the same shape as real ones (20 hex), for no one.
const unknownId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 20)

/** Status and body with the values that name the request itself blanked out. */
async function answer(res: Response, blank: RegExp[] = []) {
  let text = await res.text()
  for (const re of blank) text = text.replace(re, '<x>')
  return { status: res.status, body: text }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/**
 * Median times of `known` and `unknown`, interleaved so that load on the machine hits both alike.
 * The bound: a path that skips a PBKDF2 (100,000 iterations) answers several times faster; 1.8x
 * leaves room for noise on a loaded 2-core box while still catching that. Inside workerd the clock
 * only moves on I/O, so medians of a millisecond or two differ by a tick: a gap of up to 2 ms
 * always passes (a skipped hash costs tens).
 */
async function expectSameTime(known: () => Promise<Response>, unknown: () => Promise<Response>) {
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < TRIES; i++) {
    for (const [f, out] of (i % 2
      ? [
          [known, a],
          [unknown, b],
        ]
      : [
          [unknown, b],
          [known, a],
        ]) as [() => Promise<Response>, number[]][]) {
      const t = performance.now()
      const res = await f()
      await res.arrayBuffer()
      out.push(performance.now() - t)
    }
  }
  const [ma, mb] = [median(a), median(b)]
  expect(Math.abs(ma - mb), `medians ${ma.toFixed(1)} / ${mb.toFixed(1)} ms`).toBeLessThanOrEqual(
    Math.max(2, 0.8 * Math.min(ma, mb)),
  )
}

const login = (email: string, password: string, headers = fromIp()) =>
  call('/v1/account/sessions/email', { headers, json: { email, password } })

describe('login', () => {
  it('a wrong password and an unknown address answer the same 401', async () => {
    const [a, b] = [
      await answer(await login(existing.email, 'Wrong-pass-1!')),
      await answer(await login(unknownEmail(), 'Wrong-pass-1!')),
    ]
    expect(a).toEqual(b)
    expect(a.status).toBe(401)
    expect(JSON.parse(a.body).type).toBe('user_invalid_credentials')
  })

  it('costs the same time: an unknown address pays the password hash too', async () => {
    let n = 0
    await expectSameTime(
      async () => {
        // A success clears the account's failed-login counter before it reaches its limit.
        if (++n % 8 === 0) await login(existing.email, UNLISTED_PASSWORD)
        return login(existing.email, 'Wrong-pass-1!')
      },
      () => login(unknownEmail(), 'Wrong-pass-1!'),
    )
    // Both paths include the hash: each attempt derives one PBKDF2 key.
    const hashes = countPasswordHashes()
    try {
      await login(existing.email, 'Wrong-pass-1!')
      expect(hashes.count()).toBe(1)
      await login(unknownEmail(), 'Wrong-pass-1!')
      expect(hashes.count()).toBe(2)
    } finally {
      hashes.restore()
    }
  })
})

describe('sign-up', () => {
  const register = (email: string) =>
    call('/api/auth/register', {
      headers: fromIp(),
      json: { email, password: 'Enum-Signup-Pw1!', name: 'Someone' },
    })
  const signup = (email: string) =>
    call('/v1/account', {
      headers: fromIp(),
      json: { userId: 'unique()', email, password: 'Enum-Signup-Pw1!', name: 'Someone' },
    })

  it('an address with an account and one without answer the same (both routes)', async () => {
    for (const route of [register, signup]) {
      const a = await answer(await route(existing.email))
      const b = await answer(await route(unknownEmail()))
      expect(a).toEqual(b)
      // Not on the allowlist: /api answers 403 not_authorized, the Appwrite route 401.
      expect([401, 403]).toContain(a.status)
    }
  })

  it('costs the same time', async () => {
    await expectSameTime(
      () => register(existing.email),
      () => register(unknownEmail()),
    )
  })
})

describe('recovery', () => {
  const recover = (email: string, headers: Record<string, string> = fromIp()) =>
    call('/v1/account/recovery', { headers, json: { email, url: RECOVERY_URL } })
  // A token's own id and times differ per request; the user id must not give anything away.
  const VARYING = [/"\$id":"[0-9a-f]{20}"/, /"\$createdAt":"[^"]+"/, /"expire":"[^"]+"/]

  it('an address with an account and one without answer the same 201', async () => {
    const a = await answer(await recover(existing.email), VARYING.concat(/"userId":"[^"]+"/))
    const b = await answer(await recover(unknownEmail()), VARYING.concat(/"userId":"[^"]+"/))
    expect(a).toEqual(b)
    expect(a.status).toBe(201)
  })

  it('the stand-in user id looks like a real one (a hex time in the past, then random)', async () => {
    const idOf = async (email: string) =>
      ((await (await recover(email)).json()) as { userId: string }).userId
    for (const id of [await idOf(existing.email), await idOf(unknownEmail())]) {
      expect(id).toMatch(/^[0-9a-f]{20}$/)
      const seconds = parseInt(id.slice(0, 8), 16)
      expect(seconds * 1000, id).toBeLessThanOrEqual(Date.now())
      expect(seconds * 1000, id).toBeGreaterThan(Date.UTC(2020, 0, 1))
    }
  })

  it('costs the same time', async () => {
    // With the API key the per-address limit (10 an hour) does not cut the series short; the
    // path after it is the same code.
    await expectSameTime(
      () => recover(existing.email, KEY),
      () => recover(unknownEmail(), KEY),
    )
  })
})

describe('verification', () => {
  const confirm = (userId: string) =>
    call('/v1/account/verification', {
      method: 'PUT',
      headers: fromIp(),
      json: { userId, secret: 'not-the-secret' },
    })
  const verify = (userId: string) =>
    call('/api/auth/verify', { headers: fromIp(), json: { userId, secret: 'not-the-secret' } })

  it('a real user id and an unknown one answer the same (both routes)', async () => {
    for (const route of [confirm, verify]) {
      const a = await answer(await route(existing.id))
      const b = await answer(await route(unknownId()))
      expect(a).toEqual(b)
      expect(a.status).toBe(401)
    }
  })

  it('costs the same time', async () => {
    // With the API key the per-user-id limit (10 an hour) does not cut the series short.
    const ben = await signIn('ben@kathelia.test')
    const keyed = (userId: string) =>
      call('/v1/account/verification', {
        method: 'PUT',
        headers: KEY,
        json: { userId, secret: 'not-the-secret' },
      })
    await expectSameTime(
      () => keyed(ben.userId),
      () => keyed(unknownId()),
    )
  })
})

import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EdgeBackend } from '../../worker/appwrite-edge/durable-object'
import {
  derive,
  parseHash,
  PBKDF2_ITERATIONS,
  PRODUCTION_PBKDF2_CAP,
} from '../../worker/appwrite-edge/auth/password'
import { backendStub } from '../../worker/appwrite-edge/stub'
import { APP_URL, config, linkMailedTo, login, spyPbkdf2, v1 } from './edge-client'

// Production Workers refuse PBKDF2 above 100,000 iterations; local workerd does not. Here
// deriveBits refuses like production, and every password path runs for real through the Worker.
const EMAIL = config.ALLOWED_EMAILS[0]
const IP = '203.0.113.30'
let spy: ReturnType<typeof spyPbkdf2>

beforeAll(() => {
  spy = spyPbkdf2({ productionCap: true })
})
afterAll(() => spy.restore())

describe('PBKDF2 under the production cap of 100,000 iterations', () => {
  it('registers, signs in, changes and recovers a password', async () => {
    const created = await v1('/account', {
      ip: IP,
      body: { userId: 'cap-user', email: EMAIL, password: 'First-pass-1!' },
    })
    expect(created.status).toBe(201)
    const cookie = await login(EMAIL, 'First-pass-1!', { ip: IP })

    const changed = await v1('/account/password', {
      method: 'PATCH',
      ip: IP,
      cookie,
      body: { password: 'Second-pass-2!', oldPassword: 'First-pass-1!' },
    })
    expect(changed.status).toBe(200)
    await login(EMAIL, 'Second-pass-2!', { ip: IP })

    const asked = await v1('/account/recovery', { ip: IP, body: { email: EMAIL, url: APP_URL } })
    expect(asked.status).toBe(201)
    const { userId, secret } = await linkMailedTo(EMAIL)
    const recovered = await v1('/account/recovery', {
      method: 'PUT',
      ip: IP,
      body: { userId, secret, password: 'Third-pass-3!' },
    })
    expect(recovered.status).toBe(200)
    await login(EMAIL, 'Third-pass-3!', { ip: IP })

    // The wrapper really stood in front of every hash, and none asked for more than the cap.
    expect(spy.iterations.length).toBeGreaterThanOrEqual(7)
    expect(Math.max(...spy.iterations)).toBe(PBKDF2_ITERATIONS)
  })

  it('refuses a stored hash above the cap as wrong credentials, never a server error', async () => {
    const stub = backendStub(env, config) as unknown as DurableObjectStub<EdgeBackend>
    await runInDurableObject(stub, (object) => {
      const stored = object.sql.one<{ password: string }>(
        'SELECT password FROM users WHERE email = ?',
        EMAIL,
      )!.password
      const [alg, , salt, hash] = stored.split('$')
      object.sql.run(
        'UPDATE users SET password = ? WHERE email = ?',
        [alg, 200_000, salt, hash].join('$'),
        EMAIL,
      )
    })
    const res = await v1('/account/sessions/email', {
      ip: '203.0.113.31',
      body: { email: EMAIL, password: 'Third-pass-3!' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ type: 'user_invalid_credentials' })
  })

  it('refuses iteration counts above the cap before calling WebCrypto', async () => {
    expect(PRODUCTION_PBKDF2_CAP).toBe(100_000)
    expect(parseHash('pbkdf2-sha256$200000$c2FsdA$aGFzaA')).toBeUndefined()
    expect(parseHash('pbkdf2-sha256$abc$c2FsdA$aGFzaA')).toBeUndefined()
    expect(parseHash('pbkdf2-sha256$100000$c2FsdA$aGFzaA')).toMatchObject({ iterations: 100_000 })
    const before = spy.iterations.length
    await expect(derive('pw', 'pepper', 'c2FsdA', 100_001)).rejects.toThrow(/100,000/)
    expect(spy.iterations.length).toBe(before)
  })
})

import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { EdgeBackend } from '../../worker/appwrite-edge/durable-object'
import { verifyJwt } from '../../worker/appwrite-edge/auth/jwt'
import { derive, parseHash } from '../../worker/appwrite-edge/auth/password'
import { backendStub } from '../../worker/appwrite-edge/stub'
import { config, login, v1, withKey } from './edge-client'

// One secret per job: PASSWORD_PEPPER peppers password hashes, AUTH_SECRET signs JWTs, so
// rotating the JWT key never invalidates a password.
const PASSWORD = 'Secrets-pass-1!'
const EMAIL = 'secrets@kathelia.test'

describe('secrets', () => {
  it('peppers hashes with PASSWORD_PEPPER and signs JWTs with AUTH_SECRET', async () => {
    expect(config.PASSWORD_PEPPER).not.toBe(config.AUTH_SECRET)
    const created = await v1('/users', {
      body: { userId: 'secrets-user', email: EMAIL, password: PASSWORD },
      headers: withKey(),
    })
    expect(created.status).toBe(201)
    const stub = backendStub(env, config) as unknown as DurableObjectStub<EdgeBackend>
    const stored = await runInDurableObject(
      stub,
      (object) =>
        object.sql.one<{ password: string }>('SELECT password FROM users WHERE email = ?', EMAIL)!
          .password,
    )
    const { salt, hash } = parseHash(stored)!
    expect(await derive(PASSWORD, config.PASSWORD_PEPPER, salt)).toBe(hash)
    expect(await derive(PASSWORD, config.AUTH_SECRET, salt)).not.toBe(hash)

    const cookie = await login(EMAIL, PASSWORD, { ip: '203.0.113.70' })
    const res = await v1('/account/jwts', { cookie, body: {} })
    expect(res.status).toBe(201)
    const { jwt } = (await res.json()) as { jwt: string }
    expect(await verifyJwt(jwt, config.AUTH_SECRET)).toMatchObject({ userId: 'secrets-user' })
    expect(await verifyJwt(jwt, config.PASSWORD_PEPPER)).toBeFalsy()
  })
})

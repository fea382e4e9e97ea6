import { describe, expect, it } from 'vitest'
import {
  decoySalt,
  derive,
  encodeHash,
  hashPassword,
  parseHash,
  PBKDF2_ITERATIONS,
  PRODUCTION_PBKDF2_CAP,
} from '../../worker/appwrite-edge/auth/password'

// Inside workerd: the password hashing the Worker does before the Durable Object sees a request.
const PEPPER = 'test-pepper-0123456789abcdef0123456789'

describe('password hashing', () => {
  it('never exceeds the 100,000 PBKDF2 iterations production Workers accept', () => {
    // Production WebCrypto rejects more (local workerd does not), so logins would only break
    // once deployed. The literal guards against raising the cap constant along with it.
    expect(PRODUCTION_PBKDF2_CAP).toBe(100_000)
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000)
  })

  it('stores alg$iterations$salt$hash and derives the same hash from the same password', async () => {
    const stored = await hashPassword('Correct-horse-1!', PEPPER)
    const parsed = parseHash(stored)!
    expect(stored).toBe(encodeHash(parsed))
    expect(stored.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true)
    expect(parsed.salt).toMatch(/^[A-Za-z0-9_-]{22}$/) // 16 random bytes
    expect(parsed.hash).toMatch(/^[A-Za-z0-9_-]{43}$/) // 256 bits
    expect(await derive('Correct-horse-1!', PEPPER, parsed.salt, parsed.iterations)).toBe(
      parsed.hash,
    )
    expect(await derive('Correct-horse-2!', PEPPER, parsed.salt, parsed.iterations)).not.toBe(
      parsed.hash,
    )
    // The pepper is part of the hash: the same password with another secret does not match.
    expect(await derive('Correct-horse-1!', `${PEPPER}x`, parsed.salt)).not.toBe(parsed.hash)
  })

  it('salts every hash anew', async () => {
    const [a, b] = [
      await hashPassword('Same-pass-1!', PEPPER),
      await hashPassword('Same-pass-1!', PEPPER),
    ]
    expect(parseHash(a)!.salt).not.toBe(parseHash(b)!.salt)
    expect(parseHash(a)!.hash).not.toBe(parseHash(b)!.hash)
  })

  it('gives an unknown email a stable decoy salt, so a miss costs the same as a hit', async () => {
    const first = await decoySalt('ghost@kathelia.test', PEPPER)
    expect(await decoySalt('ghost@kathelia.test', PEPPER)).toBe(first)
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/) // shaped like a real salt
    expect(await decoySalt('other@kathelia.test', PEPPER)).not.toBe(first)
    expect(await decoySalt('ghost@kathelia.test', `${PEPPER}x`)).not.toBe(first)
  })

  it('rejects anything that is not one of our hashes', () => {
    expect(parseHash('')).toBeUndefined()
    expect(parseHash('$argon2id$v=19$m=65536,t=4,p=3$abc$def')).toBeUndefined()
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { signJwt, verifyJwt } from '../../worker/appwrite-edge/auth/jwt'
import { BoundedMap } from '../../worker/lib/bounded-map'

describe('BoundedMap', () => {
  it('forgets its oldest entry past the limit, and a changed value takes no new place', () => {
    const m = new BoundedMap<string, number>(2)
    m.set('a', 1).set('b', 2).set('a', 3)
    expect([...m]).toEqual([
      ['a', 3],
      ['b', 2],
    ])
    m.set('c', 4)
    expect([...m.keys()]).toEqual(['b', 'c'])
  })
})

// The object remembers tokens whose signature checked out (auth/jwt.ts); what it must not
// remember is anything that can change: the clock, another secret, other bytes.
describe('verifyJwt with remembered signatures', () => {
  afterEach(() => vi.useRealTimers())
  const payload = (exp: number) => ({ userId: 'u1', sessionId: 's1', exp })

  it('a token checked once is refused after it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'))
    const token = await signJwt(payload(Date.now() / 1000 + 60), 'secret-a')
    expect(await verifyJwt(token, 'secret-a')).toMatchObject({ userId: 'u1' })
    vi.setSystemTime(new Date('2026-11-26T10:01:01Z'))
    expect(await verifyJwt(token, 'secret-a')).toBeUndefined()
  })

  it('a token checked under one secret is checked again under another', async () => {
    const token = await signJwt(payload(Date.now() / 1000 + 60), 'secret-a')
    expect(await verifyJwt(token, 'secret-a')).toBeDefined()
    expect(await verifyJwt(token, 'secret-b')).toBeUndefined()
    expect(await verifyJwt(token, 'secret-a')).toBeDefined()
  })

  it('changed bytes are never taken for the remembered token', async () => {
    const token = await signJwt(payload(Date.now() / 1000 + 60), 'secret-a')
    expect(await verifyJwt(token, 'secret-a')).toBeDefined()
    const [h, , s] = token.split('.')
    const forged = btoa(JSON.stringify({ ...payload(Date.now() / 1000 + 60), userId: 'u2' }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
    expect(await verifyJwt(`${h}.${forged}.${s}`, 'secret-a')).toBeUndefined()
    const at = token.length - 10
    const flipped = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)
    expect(await verifyJwt(flipped, 'secret-a')).toBeUndefined()
  })
})

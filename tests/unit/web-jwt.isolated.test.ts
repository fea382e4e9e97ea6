import { beforeEach, describe, expect, it, vi } from 'vitest'

// The SDK call is the only thing replaced: each createJWT waits until the test answers it.
const mints: { resolve: (jwt: string) => void }[] = []
vi.mock('../../web/lib/appwrite', () => ({
  account: {
    createJWT: () =>
      new Promise<{ jwt: string }>((done) => mints.push({ resolve: (jwt) => done({ jwt }) })),
  },
}))
vi.mock('../../web/lib/first-load', () => ({ takeFirstLoadJwt: () => null }))

const { clearJwt, getJwt, peekJwt } = await import('../../web/lib/jwt')

describe('the JWT across a sign-out and a new sign-in', () => {
  beforeEach(() => {
    clearJwt()
    mints.length = 0
  })

  it('shares one mint between callers of the same session', async () => {
    const [a, b] = [getJwt(), getJwt()]
    expect(mints).toHaveLength(1)
    mints[0]!.resolve('one')
    expect(await Promise.all([a, b])).toEqual(['one', 'one'])
    expect(peekJwt()).toBe('one')
  })

  it('never hands the new session a token asked for before it, nor keeps one', async () => {
    const stale = getJwt() // asked while the old session was ending
    clearJwt() // a new sign-in
    const fresh = getJwt()
    expect(mints).toHaveLength(2)
    mints[0]!.resolve('old')
    expect(await stale).toBe('old')
    expect(peekJwt()).toBeNull()
    mints[1]!.resolve('new')
    expect(await fresh).toBe('new')
    expect(peekJwt()).toBe('new')
    expect(await getJwt()).toBe('new')
    expect(mints).toHaveLength(2)
  })
})

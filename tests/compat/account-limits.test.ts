import { AppwriteException, ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { failure } from './helpers/failure'
import { createUser, signedIn } from './helpers/users'
import { webClient, type WebClient } from './helpers/web-sdk'

// The session cap and login throttling. These run on their own server: they cap sessions at 3
// and exhaust the login limits of 127.0.0.1, which would disturb shared tests.

let server: AppServer
let url: string

beforeAll(async () => {
  server = await startAppServer({ MAX_SESSIONS: '3' })
  url = server.url
})
afterAll(() => server?.close())

describe('session cap (MAX_SESSIONS=3 here)', () => {
  it('ends the oldest session when a fourth opens', async () => {
    const u = await createUser(url, 'cap')
    const clients: WebClient[] = []
    for (let i = 0; i < 4; i++) clients.push(await signedIn(url, u))
    const list = await clients[3].account.listSessions()
    expect(list.total).toBe(3)
    expect((await failure(clients[0].account.get())).code).toBe(401)
    for (const c of clients.slice(1)) expect((await c.account.get()).$id).toBe(u.id)
  })
})

// Keep last: these exhaust the limits of this server's only client IP.
describe('login throttling', () => {
  const attempt = (email: string, password: string) =>
    webClient(url)
      .account.createEmailPasswordSession({ email, password })
      .then(
        () => 201,
        (e: AppwriteException) => e.type,
      )

  it('a success clears the account counter', async () => {
    const u = await createUser(url, 'reset')
    for (let i = 0; i < 9; i++)
      expect(await attempt(u.email, 'Wrong-pass-1!')).toBe('user_invalid_credentials')
    expect(await attempt(u.email, u.password)).toBe(201)
    for (let i = 0; i < 9; i++)
      expect(await attempt(u.email, 'Wrong-pass-1!')).toBe('user_invalid_credentials')
    expect(await attempt(u.email, u.password)).toBe(201)
  })

  it('blocks an account after 10 failures within 15 minutes, even with the right password', async () => {
    const [u, other] = [await createUser(url, 'thr'), await createUser(url, 'thr2')]
    for (let i = 0; i < 10; i++)
      expect(await attempt(u.email.toUpperCase(), 'Wrong-pass-1!')).toBe('user_invalid_credentials')
    const err = await failure(signedIn(url, u))
    expect([err.code, err.type]).toEqual([429, 'general_rate_limit_exceeded'])
    // Unknown accounts are counted the same way.
    const ghost = `ghost-${ID.unique()}@kathelia.test`
    for (let i = 0; i < 10; i++) await attempt(ghost, 'Wrong-pass-1!')
    expect(await attempt(ghost, 'Wrong-pass-1!')).toBe('general_rate_limit_exceeded')
    // Another account from the same IP is not affected.
    expect(await attempt(other.email, other.password)).toBe(201)
  })

  it('blocks the IP after 50 failures within 15 minutes', async () => {
    // A fresh server, so the count starts at zero.
    const fresh = await startAppServer()
    try {
      const u = await createUser(fresh.url, 'ip')
      const tryOn = (email: string, password: string) =>
        webClient(fresh.url)
          .account.createEmailPasswordSession({ email, password })
          .then(
            () => 201,
            (e: AppwriteException) => e.type,
          )
      // Different accounts, so only the IP counter can reach its limit.
      for (let i = 0; i < 50; i++)
        expect(await tryOn(`ip-${i}@kathelia.test`, 'Wrong-pass-1!')).toBe(
          'user_invalid_credentials',
        )
      expect(await tryOn(u.email, u.password)).toBe('general_rate_limit_exceeded')
    } finally {
      await fresh.close()
    }
  }, 120_000)
})

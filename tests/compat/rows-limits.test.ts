import { describe, expect, it } from 'vitest'
import { api, type Auth } from './helpers/server-sdk'
import { newUser } from './helpers/users'
import { rowsPath, uid } from './rows-setup'

// Appwrite's abuse limits on row writes (120 creates/updates, 60 deletes per minute per user and
// route); the API key is exempt.
describe('row write rate limits', () => {
  it('reports the window in X-RateLimit-* headers', async () => {
    const user = await newUser({ teams: ['user'] })
    const res = await api(rowsPath('scans'), {
      method: 'POST',
      auth: user,
      body: JSON.stringify({ rowId: uid(), data: { target: 'x' } }),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-ratelimit-limit')).toBe('120')
    expect(res.headers.get('x-ratelimit-remaining')).toBe('119')
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
  })

  it('answers 429 after 60 deletes in a minute, counting refused ones; not for the key', async () => {
    const user = await newUser({ teams: ['user'] })
    const del = (auth: Auth) =>
      api(rowsPath('scans', uid()), { method: 'DELETE', auth, body: '{}' })
    for (let i = 0; i < 60; i++) expect((await del(user)).status).toBe(404)
    const limited = await del(user)
    expect(limited.status).toBe(429)
    expect((await limited.json()).type).toBe('general_rate_limit_exceeded')
    // Other routes and other callers keep their own windows.
    const create = await api(rowsPath('scans'), {
      method: 'POST',
      auth: user,
      body: JSON.stringify({ rowId: uid(), data: { target: 'y' } }),
    })
    expect(create.status).toBe(201)
    for (let i = 0; i < 61; i++) expect((await del('key')).status).toBe(404)
  })
})

import { describe, expect, it } from 'vitest'
import { GIF_KEY } from '../fixtures/gif-service'
import { call, defaultServer } from './api-setup'
import { useGifServer } from './helpers/gif-server'
import { expect401, expectError } from './api-routes-setup'

// POST /api/gif/search against a local Tenor v2 and a local GIPHY, and with neither configured.
describe.each(['tenor', 'giphy'] as const)('/api/gif/search with %s', (provider) => {
  const g = useGifServer(provider)

  it('answers small previews and full GIFs, asking the service once per query while cached', async () => {
    const r = await call(g.server.url, '/gif/search', { q: ' Cats ' }, g.jwt)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.results).toHaveLength(2)
    const [first] = r.body.results
    expect(first.id).toBe('cats-1')
    expect(first.title).toBe('cats gif cats-1')
    expect(first.preview).toMatch(new RegExp(`^${g.gifs.media}/cats-1/(tiny|100w)\\.gif$`))
    expect(first.url).toMatch(new RegExp(`^${g.gifs.media}/cats-1/(full|giphy)\\.gif$`))
    expect(first.width).toBeGreaterThan(0)
    expect(JSON.stringify(r.body)).not.toContain(GIF_KEY)
    const calls = g.gifs.requests.length
    expect((await call(g.server.url, '/gif/search', { q: 'cats' }, g.jwt)).body).toEqual(r.body)
    expect(g.gifs.requests.length).toBe(calls)
  })

  it('refuses bad input (400), strangers (401); a failing service is 502', async () => {
    for (const body of [{}, { q: '' }, { q: '   ' }, { q: 'x'.repeat(101) }, { q: 5 }])
      expect(expectError(await call(g.server.url, '/gif/search', body, g.jwt), 400).code).toBe(
        'validation_failed',
      )
    await expect401(g.server.url, '/gif/search', { q: 'cats' })
    g.gifs.script({ status: 500, json: { error: 'down' } })
    const e = expectError(await call(g.server.url, '/gif/search', { q: 'dogs' }, g.jwt), 502)
    expect(e.code).toBe('lookup_failed')
    // What to do, not the service's own error (that goes to the Worker's log).
    expect(e.message).toBe('GIF search is not available right now. Please try again in a moment.')
  })
})

describe('/api/gif/search unconfigured', () => {
  it('answers 409 feature_off', async () => {
    const { url, jwt } = await defaultServer()
    const r = await call(url, '/gif/search', { q: 'cats' }, jwt)
    expect(expectError(r, 409).code).toBe('feature_off')
  })
})

import { afterAll, describe, expect, it } from 'vitest'
import { SAFE_BROWSING_KEY, startSafeBrowsing } from '../fixtures/safe-browsing'
import { adapters, call, defaultServer } from './api-setup'
import { expect401, expectError, poster, useRoutesWorld } from './api-routes-setup'

// POST /api/link-check through both adapters against a local Safe Browsing v4 Lookup API.
const lookup = await startSafeBrowsing()
const world = useRoutesWorld({ SAFE_BROWSING_URL: lookup.url, SAFE_BROWSING_KEY })
afterAll(async () => {
  expect(lookup.wrong).toEqual([])
  await lookup.close()
})

describe.each(adapters(() => world.pair))('/api/link-check with the %s adapter', (mode, url) => {
  const post = poster(world, url)

  it('names the flagged links only, and asks the lookup once per URL while cached', async () => {
    const bad = `https://phish.example/login?m=${mode}`
    const good = `https://good.example/?m=${mode}`
    const r = await post('/link-check', { urls: [good, bad, bad] }, world.ben)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toEqual({ unsafe: [{ url: bad, threat: 'SOCIAL_ENGINEERING' }] })
    expect(lookup.asked().at(-1)).toEqual([good, bad])
    const calls = lookup.requests.length
    const again = await post('/link-check', { urls: [bad, good] }, world.ada)
    expect(again.body).toEqual(r.body)
    expect(lookup.requests.length).toBe(calls)
  })

  it('answers an empty list when nothing is flagged; the key never appears in answers', async () => {
    const r = await post('/link-check', { urls: [`https://fine.example/${mode}`] }, world.ben)
    expect(r.body).toEqual({ unsafe: [] })
    expect(JSON.stringify(r.body)).not.toContain(SAFE_BROWSING_KEY)
  })

  it('tells the SPA that links are checked (flags), without the key', async () => {
    const r = await post('/auth/flags', { email: world.ben.email }, world.ben)
    expect(r.body.linkChecks).toBe(true)
    expect(JSON.stringify(r.body)).not.toContain(SAFE_BROWSING_KEY)
  })

  it('refuses bad input with 400 and strangers with 401', async () => {
    for (const body of [
      {},
      { urls: [] },
      { urls: 'https://a.example/' },
      { urls: ['not a url'] },
      { urls: ['ftp://a.example/'] },
      { urls: Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`) },
    ]) {
      const e = expectError(await post('/link-check', body, world.ben), 400)
      expect(e.code, JSON.stringify(body)).toBe('validation_failed')
    }
    await expect401(url(), '/link-check', { urls: ['https://a.example/'] })
  })
})

describe('/api/link-check when the lookup fails or is not configured', () => {
  it('answers 502 lookup_failed when the lookup errs', async () => {
    lookup.script({ status: 503, json: { error: { code: 503 } } })
    const r = await call(
      world.pair.a.url,
      '/link-check',
      { urls: ['https://down.example/'] },
      world.jwt[world.ben.email],
    )
    expect(expectError(r, 502).code).toBe('lookup_failed')
  })

  it('answers 409 feature_off without SAFE_BROWSING_URL, asking nobody', async () => {
    const { url, jwt } = await defaultServer()
    const before = lookup.requests.length
    const r = await call(url, '/link-check', { urls: ['https://phish.example/'] }, jwt)
    expect(expectError(r, 409).code).toBe('feature_off')
    expect(lookup.requests.length).toBe(before)
    // The SPA reads this and never asks (the 409 is for a client that did not).
    expect(
      (await call(url, '/auth/flags', { email: 'dummy@kathelia.test' }, jwt)).body,
    ).toMatchObject({ linkChecks: false })
  })
})

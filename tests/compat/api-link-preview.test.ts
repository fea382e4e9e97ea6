import { afterAll, describe, expect, it } from 'vitest'
import { startAppServer } from '../fixtures/app-server'
import { PNG, SITE_DESCRIPTION, SITE_TITLE, startLinkSite } from '../fixtures/link-site'
import { adapters, call, createUser, jwtFor } from './api-setup'
import { expect401, expectError, poster, useRoutesWorld } from './api-routes-setup'

// POST /api/link/preview and /api/link/image through both adapters, against a local test site
// (the only origin LINK_PREVIEW_TEST_ORIGINS lets through the guard).
const site = await startLinkSite()
const world = useRoutesWorld({ LINK_PREVIEW_TEST_ORIGINS: site.origin })
afterAll(async () => {
  expect(site.unexpected).toEqual([])
  await site.close()
})

describe.each(adapters(() => world.pair))('/api/link with the %s adapter', (mode, url) => {
  const post = poster(world, url)
  const preview = (link: string) => post('/link/preview', { url: link }, world.ben)

  it('previews a page from its Open Graph tags, once per URL (cached for a day)', async () => {
    const link = `${site.origin}/article?m=${mode}`
    const r = await preview(link)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toEqual({
      url: link,
      title: SITE_TITLE,
      description: SITE_DESCRIPTION,
      siteName: 'Test Site',
      image: `${site.origin}/image.png`,
    })
    const before = site.hits('/article')
    const again = await preview(link)
    expect(again.body).toEqual(r.body)
    expect(site.hits('/article')).toBe(before)
  })

  it('falls back to <title>, follows a redirect to an allowed page', async () => {
    const plain = await preview(`${site.origin}/plain-title?m=${mode}`)
    expect(plain.body).toMatchObject({ title: 'Only a <title>', description: null, image: null })
    const moved = await preview(`${site.origin}/to-article?m=${mode}`)
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ url: `${site.origin}/article`, title: SITE_TITLE })
  })

  it('refuses private, loopback and link-local addresses before fetching anything', async () => {
    for (const link of [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://localhost/',
      'http://metadata.google.internal/',
      'https://example.com:8443/',
      'ftp://example.com/',
      `${site.origin.replace('127.0.0.1', 'localhost')}/article`,
    ]) {
      const e = expectError(await preview(link), 400)
      expect(e.code, link).toBe('link_refused')
    }
  })

  it('refuses a redirect to a private address at the hop, and more than 3 redirects', async () => {
    for (const path of [
      '/to-loopback',
      '/to-loopback-v6',
      '/to-private',
      '/to-link-local',
      '/to-other-port',
    ]) {
      const e = expectError(await preview(`${site.origin}${path}?m=${mode}`), 400)
      expect(e.code, path).toBe('link_refused')
    }
    const before = site.hits('/loop')
    expect(expectError(await preview(`${site.origin}/loop?m=${mode}`), 502).message).toMatch(
      /redirects too often/,
    )
    expect(site.hits('/loop') - before).toBe(4)
  })

  it('refuses an oversized page, a page that is not HTML, and gives up after 5 s, for 10 minutes', async () => {
    expectError(await preview(`${site.origin}/big?m=${mode}`), 413)
    expectError(await preview(`${site.origin}/text?m=${mode}`), 415)
    const started = Date.now()
    const slow = expectError(await preview(`${site.origin}/slow?m=${mode}`), 504)
    expect(slow.code).toBe('timeout')
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500)
    expect(Date.now() - started).toBeLessThan(9_000)
    // A failure is kept too (10 minutes): asked again, the same answer, and the site is not.
    const hits = ['/text', '/slow'].map((p) => site.hits(p))
    expectError(await preview(`${site.origin}/text?m=${mode}`), 415)
    expect(expectError(await preview(`${site.origin}/slow?m=${mode}`), 504)).toEqual(slow)
    expect(['/text', '/slow'].map((p) => site.hits(p))).toEqual(hits)
  }, 20_000)

  it('proxies the preview image, images only and at most 512 KB', async () => {
    const res = await fetch(`${url()}/api/link/image`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${world.jwt[world.ben.email]}`,
      },
      body: JSON.stringify({ url: `${site.origin}/image.png?m=${mode}` }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true)
    const image = (path: string) => post('/link/image', { url: `${site.origin}${path}` }, world.ben)
    expectError(await image(`/image.svg?m=${mode}`), 415)
    expectError(await image(`/article?m=${mode}-img`), 415)
    expectError(await image(`/big-image?m=${mode}`), 413)
    expect(expectError(await image('/to-loopback'), 400).code).toBe('link_refused')
    expect(
      expectError(await post('/link/image', { url: 'http://[::1]/x.png' }, world.ben), 400).code,
    ).toBe('link_refused')
  })

  it('answers only signed-in, verified callers; bad bodies get a 400', async () => {
    await expect401(url(), '/link/preview', { url: `${site.origin}/article` })
    await expect401(url(), '/link/image', { url: `${site.origin}/image.png` })
    expectError(await post('/link/preview', { url: `${site.origin}/article` }, world.dummy), 403)
    expect(expectError(await post('/link/preview', {}, world.ben), 400).code).toBe(
      'validation_failed',
    )
    expectError(await post('/link/preview', { url: 'not a url' }, world.ben), 400)
  })
})

describe('LINK_PREVIEWS=off', () => {
  it('turns previews and the image proxy off', async () => {
    const server = await startAppServer({ LINK_PREVIEWS: 'off' })
    try {
      await createUser(server.url, 'ada@kathelia.test', 'Ada')
      const jwt = await jwtFor(server.url, 'ada@kathelia.test')
      for (const path of ['/link/preview', '/link/image']) {
        const r = await call(server.url, path, { url: `${site.origin}/article` }, jwt)
        expect(expectError(r, 404).code).toBe('previews_off')
      }
      // The SPA reads this and never asks for a card.
      const flags = await call(server.url, '/auth/flags', { email: 'ada@kathelia.test' }, jwt)
      expect(flags.body).toMatchObject({ linkPreviews: false })
    } finally {
      await server.close()
    }
  }, 60_000)
})

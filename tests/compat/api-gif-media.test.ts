import { describe, expect, it } from 'vitest'
import { GIF_KEY, TWO_FRAME_GIF } from '../fixtures/gif-service'
import { call, defaultServer } from './api-setup'
import { useGifServer } from './helpers/gif-server'
import { expect401, expectError } from './api-routes-setup'

// POST /api/gif/media (the Worker serves the provider's renditions, within limits) and GIF
// messages through /api/message/add, against a local Tenor v2 and its media host.
const g = useGifServer('tenor')

const media = (url: string, token = g.jwt) =>
  fetch(`${g.server.url}/api/gif/media`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ url }),
  })
const mediaCalls = (id: string) => g.gifs.requests.filter((r) => r.path.includes(`/media/${id}/`))

describe('/api/gif/media', () => {
  it('serves a rendition as a sandboxed image, asking the media host once while cached', async () => {
    const url = `${g.gifs.media}/cats-1/tiny.gif`
    const res = await media(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/gif')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TWO_FRAME_GIF)
    expect((await media(url)).status).toBe(200)
    expect(mediaCalls('cats-1')).toHaveLength(1)
    // No key or cookie of ours travels to the CDN.
    expect(JSON.stringify(mediaCalls('cats-1')[0]!.headers)).not.toContain(GIF_KEY)
  })

  it('refuses addresses off the media hosts without fetching them; bad input 400; strangers 401', async () => {
    const before = g.gifs.requests.length
    for (const url of [
      'https://evil.example/x.gif',
      'http://media.tenor.com/x.gif',
      'https://media.tenor.com:8443/x.gif',
      'https://user:pw@media.tenor.com/x.gif',
      'http://127.0.0.1:1/x.gif',
    ]) {
      const r = await call(g.server.url, '/gif/media', { url }, g.jwt)
      expect(expectError(r, 400).code, url).toBe('gif_refused')
    }
    expect(g.gifs.requests.length).toBe(before)
    for (const body of [{}, { url: 'not a url' }, { url: 'ftp://media.tenor.com/x.gif' }])
      expect(expectError(await call(g.server.url, '/gif/media', body, g.jwt), 400).code).toBe(
        'validation_failed',
      )
    await expect401(g.server.url, '/gif/media', { url: `${g.gifs.media}/cats-1/tiny.gif` })
  })

  it('refuses more than 8 MB (413), a web page (415) and a redirect off the media host (400)', async () => {
    const big = await call(
      g.server.url,
      '/gif/media',
      { url: `${g.gifs.media}/big-1/a.gif` },
      g.jwt,
    )
    expect(expectError(big, 413).message).toMatch(/8 MB/)
    const page = await call(
      g.server.url,
      '/gif/media',
      { url: `${g.gifs.media}/html-1/a.gif` },
      g.jwt,
    )
    expectError(page, 415)
    const hop = await call(
      g.server.url,
      '/gif/media',
      { url: `${g.gifs.media}/hop-1/a.gif` },
      g.jwt,
    )
    expect(expectError(hop, 400).code).toBe('gif_refused')
  })

  it('gives up on a media host slower than 8 s (504)', { timeout: 30_000 }, async () => {
    const r = await call(g.server.url, '/gif/media', { url: `${g.gifs.media}/slow-1/a.gif` }, g.jwt)
    expect(expectError(r, 504).code).toBe('timeout')
  })
})

describe('GIF messages', () => {
  const add = (body: Record<string, unknown>) =>
    call(g.server.url, '/message/add', { roomId: 'home', ...body }, g.jwt)

  it('stores a GIF of the service with its size; the text is an optional caption', async () => {
    const gif = { url: `${g.gifs.media}/cats-1/full.gif`, width: 498, height: 280 }
    const r = await add({ gif })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({ message: '', gifUrl: gif.url, gifWidth: 498, gifHeight: 280 })
    expect(r.body.fileId).toBeNull()
    const captioned = await add({ gif, message: ' so true ' })
    expect(captioned.body).toMatchObject({ message: 'so true', gifUrl: gif.url })
  })

  it('refuses a GIF from elsewhere, with a file, or without a size', async () => {
    const off = await add({ gif: { url: 'https://evil.example/x.gif', width: 10, height: 10 } })
    expect(expectError(off, 400).code).toBe('gif_refused')
    const both = await add({
      gif: { url: `${g.gifs.media}/cats-1/full.gif`, width: 10, height: 10 },
      attachment: { fileId: 'somefile' },
    })
    expect(expectError(both, 400).message).toMatch(/file or a GIF/)
    for (const gif of [
      { url: `${g.gifs.media}/cats-1/full.gif` },
      { url: `${g.gifs.media}/cats-1/full.gif`, width: 0, height: 10 },
      { url: 'javascript:alert(1)', width: 10, height: 10 },
    ])
      expect(expectError(await add({ gif }), 400).code).toBe('validation_failed')
  })

  it('tells the SPA that GIFs are on (flags)', async () => {
    const r = await call(g.server.url, '/auth/flags', { email: 'ben@kathelia.test' }, g.jwt)
    expect(r.body.gifs).toBe(true)
  })
})

describe('GIFs unconfigured', () => {
  it('answers 409 feature_off for media and GIF messages; flags say off', async () => {
    const { url: server, jwt: token } = await defaultServer()
    const url = 'https://media.tenor.com/abc/tiny.gif'
    expect(expectError(await call(server, '/gif/media', { url }, token), 409).code).toBe(
      'feature_off',
    )
    const msg = await call(
      server,
      '/message/add',
      { roomId: 'home', gif: { url, width: 10, height: 10 } },
      token,
    )
    expect(expectError(msg, 409).code).toBe('feature_off')
    const flags = await call(server, '/auth/flags', { email: 'dummy@kathelia.test' }, token)
    expect(flags.body.gifs).toBe(false)
  })
})

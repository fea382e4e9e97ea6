import { Hono } from 'hono'
import { GifMediaRequest, GifSearchRequest, type GifSearchResult } from '../../shared/schemas'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { fetchGifMedia, GifMediaError } from '../services/gif-media'
import { GifServiceError, searchGifs } from '../services/gif-search'
import { proxiedMedia } from '../lib/proxied-media'

const RESULTS_SECONDS = 10 * 60
const MEDIA_SECONDS = 24 * 60 * 60
const cacheKey = (provider: string, q: string) =>
  new Request(`https://gif-cache.kathelia.invalid/${provider}?q=${encodeURIComponent(q)}`)
const mediaKey = (url: string) =>
  new Request(`https://gif-cache.kathelia.invalid/media?u=${encodeURIComponent(url)}`)

// GIF search: the Worker asks Tenor or GIPHY with the server's key for signed-in callers only;
// off (409) when GIF_API_URL or GIF_API_KEY is unset.
const GIF_UNAVAILABLE = 'GIF search is not available right now. Please try again in a moment.'

const gif = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .post('/search', validate('json', GifSearchRequest), async (c) => {
    const { GIF_API_URL: apiUrl, GIF_API_KEY: key, GIF_PROVIDER: provider } = c.var.config
    if (!apiUrl || !key)
      throw new ApiError(409, 'GIFs are off: GIF_API_URL is not set', 'feature_off')
    const q = c.req.valid('json').q.toLowerCase()
    const key_ = cacheKey(provider, q)
    const hit = await caches.default.match(key_)
    if (hit) return c.json((await hit.json()) as GifSearchResult, 200)
    let results
    try {
      results = await searchGifs(provider, apiUrl, key, q)
    } catch (err) {
      if (err instanceof GifServiceError) {
        // What went wrong is the operator's to read; the person searching is told what to do.
        console.warn(`gif search: ${err.message}`)
        throw new ApiError(502, GIF_UNAVAILABLE, 'lookup_failed')
      }
      throw err
    }
    const body = { results } satisfies GifSearchResult
    const headers = {
      'content-type': 'application/json',
      'cache-control': `max-age=${RESULTS_SECONDS}`,
    }
    c.executionCtx.waitUntil(
      caches.default.put(key_, new Response(JSON.stringify(body), { headers })),
    )
    return c.json(body, 200)
  })
  // A rendition's bytes (the picker's previews, a message's GIF): the browsers of both partners
  // ask this origin only, so the GIF CDN never sees their addresses. Cached a day per URL.
  .post('/media', validate('json', GifMediaRequest), async (c) => {
    const { GIF_API_URL: apiUrl, GIF_API_KEY: key } = c.var.config
    if (!apiUrl || !key)
      throw new ApiError(409, 'GIFs are off: GIF_API_URL is not set', 'feature_off')
    const { url } = c.req.valid('json')
    const k = mediaKey(url)
    let res = await caches.default.match(k)
    if (!res) {
      let media
      try {
        media = await fetchGifMedia(c.var.config, url)
      } catch (err) {
        if (err instanceof GifMediaError)
          throw new ApiError(
            err.status,
            `No GIF: ${err.message}`,
            err.status === 400 ? 'gif_refused' : err.status === 504 ? 'timeout' : undefined,
          )
        throw err
      }
      res = new Response(media.body, {
        headers: { 'content-type': media.type, 'cache-control': `max-age=${MEDIA_SECONDS}` },
      })
      c.executionCtx.waitUntil(caches.default.put(k, res.clone()))
    }
    return proxiedMedia(res, 'image/gif')
  })

export default gif

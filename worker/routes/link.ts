import { Hono } from 'hono'
import { LinkRequest, type LinkPreview } from '../../shared/schemas'
import { featuresOn } from '../config'
import { ApiError, type ApiErrorBody } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { fetchGuarded, LinkFetchError } from '../services/link-fetch'
import { checkLinkUrl, LinkRefused } from '../services/link-guard'
import { readPreview } from '../services/link-meta'
import { proxiedMedia } from '../lib/proxied-media'

const DAY_SECONDS = 24 * 60 * 60
// A page that could not be previewed (down, too slow, too big, not HTML) is asked again only
// after this: every reader's load of the room would otherwise wait on the site, up to 5 s each.
const FAILED_SECONDS = 10 * 60
// Types a browser shows in <img> without running anything (SVG can carry script: not proxied).
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']
const isHtml = (t: string) => t.startsWith('text/html') || t.startsWith('application/xhtml+xml')
const isImage = (t: string) => IMAGE_TYPES.includes(t.split(';')[0]!.trim())

// The Cache API wants an http(s) key; this host never resolves, so nothing else can match it.
const cacheKey = (kind: string, url: URL) =>
  new Request(`https://link-cache.kathelia.invalid/${kind}?u=${encodeURIComponent(url.href)}`)

/** The guard's verdict as our error shape: a refused link is bad input (400 link_refused). */
function guarded<T>(run: () => T): T {
  try {
    return run()
  } catch (err) {
    if (err instanceof LinkRefused)
      throw new ApiError(400, `Link refused: ${err.message}`, 'link_refused')
    throw err
  }
}

async function fetchOrFail(...args: Parameters<typeof fetchGuarded>) {
  try {
    return await fetchGuarded(...args)
  } catch (err) {
    if (err instanceof LinkRefused)
      throw new ApiError(400, `Link refused: ${err.message}`, 'link_refused')
    if (err instanceof LinkFetchError)
      throw new ApiError(
        err.status,
        `No preview: ${err.message}`,
        err.status === 504 ? 'timeout' : undefined,
      )
    throw err
  }
}

/** A cached answer of /preview: the preview, or why there is none. */
type CachedPreview =
  LinkPreview | { failed: { status: LinkFetchError['status']; body: ApiErrorBody } }

const cached = (body: CachedPreview, seconds: number) =>
  new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', 'cache-control': `max-age=${seconds}` },
  })

// Link previews: fetched by the Worker for signed-in callers only, so a partner's IP never
// reaches the linked site; every answer is cached per URL for a day, a failure for 10 minutes.
const link = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .use('*', async (c, next) => {
    if (!featuresOn(c.var.config).linkPreviews)
      throw new ApiError(404, 'Link previews are turned off on this server', 'previews_off')
    await next()
  })
  .post('/preview', validate('json', LinkRequest), async (c) => {
    const origins = c.var.config.LINK_PREVIEW_TEST_ORIGINS
    const url = guarded(() => checkLinkUrl(c.req.valid('json').url, origins))
    const key = cacheKey('preview', url)
    const hit = await caches.default.match(key)
    if (hit) {
      const answer = (await hit.json()) as CachedPreview
      if (!('failed' in answer)) return c.json(answer, 200)
      const { status, body } = answer.failed
      throw new ApiError(status, body.message, body.code)
    }
    const store = (body: CachedPreview, seconds: number) =>
      c.executionCtx.waitUntil(caches.default.put(key, cached(body, seconds)))
    const page = await fetchOrFail(url, {
      testOrigins: origins,
      accept: 'text/html,application/xhtml+xml',
      allowType: isHtml,
      truncate: true,
    }).catch((err: unknown) => {
      // fetchOrFail's own errors: 400 for a refused link (not cached: the guard is cheap), the
      // fetch's failures otherwise.
      if (err instanceof ApiError && err.status !== 400) {
        const status = err.status as LinkFetchError['status']
        store({ failed: { status, body: err.body } }, FAILED_SECONDS)
      }
      throw err
    })
    const preview = await readPreview(page, origins)
    store(preview, DAY_SECONDS)
    return c.json(preview, 200)
  })
  .post('/image', validate('json', LinkRequest), async (c) => {
    const origins = c.var.config.LINK_PREVIEW_TEST_ORIGINS
    const url = guarded(() => checkLinkUrl(c.req.valid('json').url, origins))
    const key = cacheKey('image', url)
    let res = await caches.default.match(key)
    if (!res) {
      const image = await fetchOrFail(url, {
        testOrigins: origins,
        accept: IMAGE_TYPES.join(','),
        allowType: isImage,
        truncate: false,
      })
      res = new Response(image.body, {
        headers: {
          'content-type': image.contentType.split(';')[0]!.trim(),
          'cache-control': `max-age=${DAY_SECONDS}`,
        },
      })
      c.executionCtx.waitUntil(caches.default.put(key, res.clone()))
    }
    return proxiedMedia(res, 'application/octet-stream')
  })

export default link

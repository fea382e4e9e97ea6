import { Hono } from 'hono'
import { LinkCheckRequest, type LinkCheckResult } from '../../shared/schemas'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { lookupThreats, SafeBrowsingError } from '../services/safe-browsing'

// Verdicts are kept briefly: a newly flagged site should be marked within minutes.
const VERDICT_SECONDS = 5 * 60
// The Cache API wants an http(s) key; this host never resolves, so nothing else can match it.
const verdictKey = (url: string) =>
  new Request(`https://link-check.kathelia.invalid/v?u=${encodeURIComponent(url)}`)

// Unsafe links: the Worker asks the Safe Browsing lookup for signed-in callers only, so the key
// stays server-side; with SAFE_BROWSING_URL unset the feature is off (409) and nothing is marked.
const linkCheck = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .post('/', validate('json', LinkCheckRequest), async (c) => {
    const { SAFE_BROWSING_URL: base, SAFE_BROWSING_KEY: key } = c.var.config
    if (!base || !key)
      throw new ApiError(409, 'Link checks are off: SAFE_BROWSING_URL is not set', 'feature_off')
    const urls = [...new Set(c.req.valid('json').urls)]
    const verdicts = new Map<string, string | null>()
    for (const url of urls) {
      const hit = await caches.default.match(verdictKey(url))
      if (hit) verdicts.set(url, ((await hit.json()) as { threat: string | null }).threat)
    }
    const misses = urls.filter((u) => !verdicts.has(u))
    if (misses.length) {
      let flagged: Map<string, string>
      try {
        flagged = await lookupThreats(base, key, misses)
      } catch (err) {
        if (err instanceof SafeBrowsingError)
          throw new ApiError(502, `Link check failed: ${err.message}`, 'lookup_failed')
        throw err
      }
      const headers = {
        'content-type': 'application/json',
        'cache-control': `max-age=${VERDICT_SECONDS}`,
      }
      for (const url of misses) {
        const threat = flagged.get(url) ?? null
        verdicts.set(url, threat)
        const res = new Response(JSON.stringify({ threat }), { headers })
        c.executionCtx.waitUntil(caches.default.put(verdictKey(url), res))
      }
    }
    const unsafe = urls.flatMap((url) => {
      const threat = verdicts.get(url)
      return threat ? [{ url, threat }] : []
    })
    return c.json({ unsafe } satisfies LinkCheckResult, 200)
  })

export default linkCheck

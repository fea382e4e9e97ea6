import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ApiError } from '../lib/api-error'

/**
 * A per-IP limit kept by a Workers Rate Limiting binding ([[ratelimits]] in wrangler.toml, which
 * sets the limit and the period). Cloudflare counts per location and without a storage write per
 * request; the count is approximate, which is enough to blunt scripted guessing of the
 * allowlist. Exact per-account counters (login throttling) live in the embedded backend's
 * throttle table. The binding does not say when its window ends: Retry-After is the period.
 */
export function rateLimit(limiter: (env: Env) => RateLimit, periodSeconds: number) {
  return createMiddleware<{ Bindings: Env }>(async (c, next) => {
    const { success } = await limiter(c.env).limit({ key: clientIp(c) })
    if (!success) {
      c.header('Retry-After', String(periodSeconds))
      throw new ApiError(429, 'Too many requests - please wait a minute and try again')
    }
    await next()
  })
}

/** The client IP as Cloudflare reports it (one value per connection; clients cannot set it). */
export const clientIp = (c: Context) => c.req.header('cf-connecting-ip') ?? 'unknown'

import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ApiError } from '../lib/api-error'

type Window = { count: number; resetAt: number }

/**
 * A fixed-window limiter kept in the isolate's memory. It is coarse on purpose (per isolate and
 * per Cloudflare location, reset when the isolate is recycled): it blunts scripted guessing of
 * the 3-address allowlist without a storage write per request. Exact per-account counters (login
 * throttling) live in the embedded backend's throttle table.
 */
export function rateLimit(opts: { name: string; limit: number; windowMs: number }) {
  const windows = new Map<string, Window>()
  return createMiddleware(async (c, next) => {
    const now = Date.now()
    const key = `${opts.name}:${clientIp(c)}`
    if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
    let w = windows.get(key)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + opts.windowMs }
      windows.set(key, w)
    }
    if (++w.count > opts.limit) {
      c.header('Retry-After', String(Math.ceil((w.resetAt - now) / 1000)))
      throw new ApiError(429, 'Too many requests - please wait a minute and try again')
    }
    await next()
  })
}

/** The client IP as Cloudflare reports it (one value per connection; clients cannot set it). */
export const clientIp = (c: Context) => c.req.header('cf-connecting-ip') ?? 'unknown'

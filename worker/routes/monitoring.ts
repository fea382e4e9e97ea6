import { Hono } from 'hono'
import { getConfig } from '../config'
import { ApiError } from '../lib/api-error'
import { MAX_ENVELOPE_BYTES, parseDsn } from '../services/sentry'

const tooLarge = () => new ApiError(413, 'The envelope is larger than 1 MiB')

/** Reads at most `limit` bytes; more is a 413 without buffering the rest. */
async function readCapped(req: Request, limit: number): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? 0) > limit) throw tooLarge()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = req.body?.getReader()
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) (out.set(c, at), (at += c.byteLength))
  return out
}

function envelopeDsn(body: Uint8Array): string | undefined {
  const end = body.indexOf(0x0a)
  try {
    const header = JSON.parse(new TextDecoder().decode(end < 0 ? body : body.subarray(0, end)))
    return typeof header?.dsn === 'string' ? header.dsn : undefined
  } catch {
    return undefined
  }
}

/*
 * The Sentry tunnel (spec: /monitoring?o=<org>&p=<project>, the Next.js tunnelRoute shape). It is
 * not an open proxy: o and p must name the configured DSN's org and project, the envelope's own
 * dsn must equal the configured one, and the upstream is built from configuration only.
 * No cookies or auth are involved, so it accepts the SDK's text/plain simple requests.
 */
const monitoring = new Hono<{ Bindings: Env }>().post('/', async (c) => {
  const config = getConfig(c.env)
  const dsn = config.SENTRY_DSN ? parseDsn(config.SENTRY_DSN) : undefined
  if (!dsn) throw new ApiError(404, 'Monitoring is not configured')
  if ((c.req.query('o') ?? '') !== dsn.org || c.req.query('p') !== dsn.project)
    throw new ApiError(403, 'Unknown monitoring organisation or project')
  const body = await readCapped(c.req.raw, MAX_ENVELOPE_BYTES)
  const given = envelopeDsn(body)
  if (!given) throw new ApiError(400, 'The envelope has no header with a dsn')
  if (given.replace(/\/+$/, '') !== dsn.raw) throw new ApiError(403, 'DSN not allowed')
  let res: Response
  try {
    res = await fetch(dsn.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body,
      signal: AbortSignal.timeout(10_000),
    })
  } catch {
    throw new ApiError(502, 'Sentry could not be reached')
  }
  // Pass the rate-limit answers through so the browser SDK backs off.
  const headers = new Headers()
  for (const h of ['content-type', 'retry-after', 'x-sentry-rate-limits']) {
    const v = res.headers.get(h)
    if (v) headers.set(h, v)
  }
  return new Response(res.body, { status: res.status, headers })
})

export default monitoring

// Reading the rows endpoints' params as the SDKs send them (GET query strings, JSON bodies).
import type { Context } from 'hono'
import { hit } from '../account/throttle'
import type { EdgeHono } from '../context'
import { fail } from '../errors'
import { requireDatabase } from './schema'

type C = Context<EdgeHono>

const MAX_QUERIES = 100
const MAX_QUERY_CHARS = 4096

/** `queries[0]=…&queries[1]=…` (the SDKs' flatten), also `queries[]=` and `queries=`, in order. */
export function readQueries(url: string): string[] {
  const found: [number, string][] = []
  let next = 0
  for (const [name, value] of new URL(url).searchParams) {
    const m = /^queries(?:\[(\d*)\])?$/.exec(name)
    if (m) found.push([m[1] ? Number(m[1]) : 1e9 + next++, value])
  }
  const queries = found.sort((a, b) => a[0] - b[0]).map(([, v]) => v)
  if (queries.length > MAX_QUERIES)
    fail(
      'general_argument_invalid',
      `Invalid \`queries\` param: Value must a valid array no longer than ${MAX_QUERIES} items and Value must be a valid string and at least 1 chars and no longer than ${MAX_QUERY_CHARS} chars`,
    )
  if (queries.some((q) => q.length > MAX_QUERY_CHARS))
    fail(
      'general_argument_invalid',
      `Invalid \`queries\` param: Value must a valid array no longer than ${MAX_QUERIES} items and Value must be a valid string and at least 1 chars and no longer than ${MAX_QUERY_CHARS} chars`,
    )
  return queries
}

/** `total` (default true); "true"/"false"/"1"/"0" as utopia's loose Boolean reads them. */
export function readTotal(c: C): boolean {
  const raw = c.req.query('total')
  if (raw === undefined) return true
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  return fail('general_argument_invalid', 'Invalid `total` param: Value must be a valid boolean')
}

/** The JSON body (an SDK DELETE sends `{}`; none at all is fine too). */
export async function readBody(c: C): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  try {
    const body = JSON.parse(text) as unknown
    if (body && typeof body === 'object' && !Array.isArray(body))
      return body as Record<string, unknown>
  } catch {
    /* reported below */
  }
  return fail('general_argument_invalid', 'Invalid JSON body.')
}

/**
 * Checks the database id and refuses transactions: none can exist here, so any transactionId is
 * unknown, which is what Appwrite answers for an unknown one.
 */
export function guard(databaseId: string, transactionId: unknown): void {
  requireDatabase(databaseId)
  if (transactionId !== undefined && transactionId !== null && transactionId !== '')
    fail(
      'transaction_not_found',
      `Transaction with the requested ID '${String(transactionId)}' could not be found.`,
    )
}

// Appwrite's abuse limits of the row writes: create/update/upsert 120, delete 60 per minute,
// keyed by ip, method, route and user. API keys are exempt, as in Appwrite.
const WRITE_LIMITS: Record<string, number> = { POST: 120, PATCH: 120, PUT: 120, DELETE: 60 }
const WINDOW_SECONDS = 60

/** Counts this write and sets the X-RateLimit-* headers; 429 past the limit. */
export function limitWrite(c: C): void {
  const { caller, sql, ip } = c.var.edge
  const limit = WRITE_LIMITS[c.req.method]
  if (caller.kind === 'key' || !limit) return
  const user = caller.kind === 'user' ? caller.user.id : ''
  const key = `rows:${c.req.method}:${c.req.routePath}:${ip}:${user}`
  const count = hit(sql, key, WINDOW_SECONDS)
  const reset = sql.one<{ reset_at: number }>('SELECT reset_at FROM throttle WHERE key = ?', key)
  c.header('X-RateLimit-Limit', String(limit))
  c.header('X-RateLimit-Remaining', String(Math.max(0, limit - count)))
  c.header('X-RateLimit-Reset', String(Math.ceil((reset?.reset_at ?? Date.now()) / 1000)))
  if (count > limit) fail('general_rate_limit_exceeded')
}

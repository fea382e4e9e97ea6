import type { BreachSource } from '../../shared/schemas/breach'
import { ApiError } from '../lib/api-error'

// LeakCheck's public API: GET <LEAKCHECK_URL>?check=<query> answers
// { success: true, found, fields, sources: [{ name, date }] } or { success: false, error }.
// The query is the SHA-256 of the lower-cased address cut to 24 hex characters (the API accepts
// that form), so the address itself never leaves the Worker.

const TIMEOUT_MS = 8_000

async function emailHash(email: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(email.toLowerCase()),
  )
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 24)
}

type Answer = { success?: unknown; found?: unknown; sources?: unknown; error?: unknown }

const failed = () => new ApiError(502, 'The breach lookup service did not answer - try again later')

export async function leakCheck(
  email: string,
  url: string,
  key: string | undefined,
): Promise<{ found: number; sources: BreachSource[] }> {
  const target = new URL(url)
  target.searchParams.set('check', await emailHash(email))
  let res: Response
  try {
    res = await fetch(target, {
      headers: { accept: 'application/json', ...(key && { 'X-API-Key': key }) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw failed()
  }
  if (res.status === 429)
    throw new ApiError(429, 'The breach lookup service is busy - try again in a minute')
  const body = (await res.json().catch(() => null)) as Answer | null
  if (!body) throw failed()
  // "Not found" is the public API's answer for an address in no breach.
  if (body.success === false && /not found/i.test(String(body.error ?? '')))
    return { found: 0, sources: [] }
  if (!res.ok || body.success !== true) throw failed()
  const sources = (Array.isArray(body.sources) ? body.sources : [])
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({
      name: String(s.name ?? '').slice(0, 200),
      date: String(s.date ?? '').slice(0, 20),
    }))
    .slice(0, 40)
  const found =
    typeof body.found === 'number' && body.found >= 0 ? Math.floor(body.found) : sources.length
  return { found, sources }
}

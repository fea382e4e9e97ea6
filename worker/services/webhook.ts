import type { NOTICE_PREFIXES } from '../../shared/texts'
import type { Config } from '../config'

export type WebhookPrefix = (typeof NOTICE_PREFIXES)[keyof typeof NOTICE_PREFIXES]

const MAX_ATTEMPTS = 3
// waitUntil gives about 30 s after the response; never sleep longer than this per retry.
const MAX_WAIT_MS = 20_000
// Discord's content limit is the tightest of the three (Google Chat 32,000 bytes).
const MAX_TEXT = 2_000

/** The body each chat service expects for one plain text message. */
export function webhookBody(
  format: Config['WEBHOOK_FORMAT'],
  text: string,
): Record<string, unknown> {
  const t = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text
  // allowed_mentions: user-controlled names must not ping @everyone.
  return format === 'discord' ? { content: t, allowed_mentions: { parse: [] } } : { text: t }
}

/** Retry-After in ms: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const s = header.trim()
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000)
  const at = Date.parse(s)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Posts `prefix: message` to the chat webhook. Retries only network errors, 429 and 5xx (at most
 * 3 attempts), waiting Retry-After when given, else 1 s then 2 s. Never throws: a broken
 * webhook must not fail anything the user did. Returns whether the post arrived.
 */
export async function sendWebhook(config: Config, prefix: WebhookPrefix, message: string) {
  const url = config.WEBHOOK_URL
  if (!url) return false
  const body = JSON.stringify(webhookBody(config.WEBHOOK_FORMAT, `${prefix}: ${message}`))
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let wait: number | undefined
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      await res.body?.cancel()
      if (res.ok) return true
      if (res.status !== 429 && res.status < 500) {
        console.error(`webhook rejected the message (${res.status}); check WEBHOOK_URL`)
        return false
      }
      wait = retryAfterMs(res.headers.get('retry-after'))
    } catch (err) {
      console.warn('webhook unreachable:', err instanceof Error ? err.message : err)
    }
    if (attempt < MAX_ATTEMPTS)
      await sleep(Math.min(wait ?? 1000 * 2 ** (attempt - 1), MAX_WAIT_MS))
  }
  console.error(`webhook failed after ${MAX_ATTEMPTS} attempts`)
  return false
}

// Splits message text into plain runs and http(s) links. Shared: the SPA renders the links and
// picks the first one for a preview; nothing here builds HTML, so React escapes every run.

export type TextPart = { text: string; href?: string }

// An http(s) URL, or a "www." address written without its scheme (as messengers link it, to
// https): not inside a word, an address or a path ("mail.www.x", "a@www.x", "/www.x").
const URL_RE = /\bhttps?:\/\/[^\s<>"]+|(?<![\w.@/-])www\.[^\s<>"]+/gi
// "www." and at least two more labels: "www.x" alone is a word, not a site.
const WWW_HOST = /^www\.[^./?#]+\.[^./?#]/i
const TRAILING = /[.,;:!?'"*_~]+$/

/** Drops sentence punctuation and an unmatched closing bracket from a URL's end. */
function trimUrl(url: string): string {
  let u = url.replace(TRAILING, '')
  for (const [open, close] of ['()', '[]', '{}'] as const) {
    while (u.endsWith(close) && u.split(close).length > u.split(open).length) {
      u = u.slice(0, -1).replace(TRAILING, '')
    }
  }
  return u
}

/** The href when `raw` is an absolute http(s) URL, else undefined. */
export function safeHref(raw: string): string | undefined {
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index
    const raw = trimUrl(m[0])
    const bare = !/^https?:/i.test(raw)
    if (bare && !WWW_HOST.test(raw)) continue
    const href = safeHref(bare ? `https://${raw}` : raw)
    if (!href) continue
    if (start > at) parts.push({ text: text.slice(at, start) })
    parts.push({ text: raw, href })
    at = start + raw.length
  }
  if (at < text.length) parts.push({ text: text.slice(at) })
  return parts
}

/** The first link of a message (its https address for a bare "www." one), the one that gets a preview. */
export const firstLink = (text: string) => linkify(text).find((p) => p.href)?.href

import type { LinkPreview } from '../../shared/schemas'
import { checkLinkUrl } from './link-guard'

// Attribute values and text come out of HTMLRewriter as written, entities included.
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? whole
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

const clean = (s: string | undefined, max: number) => {
  const v = s && decodeEntities(s).replace(/\s+/g, ' ').trim()
  return v ? (v.length > max ? `${v.slice(0, max - 1)}…` : v) : null
}

/**
 * A page's preview from its <title> and <meta> tags only: HTMLRewriter streams the markup and
 * nothing in it runs. og:image is kept only when the guard would let the Worker fetch it.
 */
export async function readPreview(
  page: { url: URL; contentType: string; body: Uint8Array },
  testOrigins: readonly string[],
): Promise<LinkPreview> {
  const meta: Record<string, string> = {}
  let title = ''
  let titles = 0
  await new HTMLRewriter()
    .on('meta', {
      element(e) {
        const key = (e.getAttribute('property') ?? e.getAttribute('name') ?? '').toLowerCase()
        const content = e.getAttribute('content')
        if (key && content !== null && !(key in meta)) meta[key] = content
      },
    })
    .on('title', {
      element() {
        titles++
      },
      text(t) {
        if (titles === 1) title += t.text
      },
    })
    .transform(new Response(page.body, { headers: { 'content-type': page.contentType } }))
    .arrayBuffer()
  let image: string | null = null
  const rawImage = meta['og:image'] ?? meta['og:image:url'] ?? meta['twitter:image']
  if (rawImage) {
    try {
      image = checkLinkUrl(new URL(decodeEntities(rawImage.trim()), page.url), testOrigins).href
    } catch {
      image = null
    }
  }
  return {
    url: page.url.href,
    title: clean(meta['og:title'] ?? meta['twitter:title'] ?? title, 200),
    description: clean(meta['og:description'] ?? meta['description'], 400),
    siteName: clean(meta['og:site_name'], 100) ?? page.url.hostname,
    image,
  }
}

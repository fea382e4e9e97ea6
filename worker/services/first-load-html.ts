import type { Reaction } from '../../shared/reactions'
import type { Receipts } from '../../shared/receipts'
import type { Room } from '../../shared/room-list'
import { scriptSafeJson } from '../first-paint/markup'
import { FIRST_PAINT_END_ID } from '../first-paint/room-paint'

/** What a signed-in navigation's index.html carries (web/lib/first-load.ts reads it). */
export type FirstLoad = {
  account: { $id: string; name: string; email: string; emailVerification: boolean }
  jwt: string
  flags: { isAdmin?: boolean; list?: string; gifs?: boolean }
  chatee: { $id: string; name: string; email: string; list?: string } | null
  status: unknown
  chateeStatus: unknown
  /** Who shares presence: with it the SPA knows at once whether to show the partner's. */
  sharing: { mine: boolean; partner: boolean } | null
  /** The sidebar's rooms (shared/room-list.ts), deleted ones only for the admin. */
  rooms: Room[]
  roomId: string
  /** The room's newest messages as the backend lists them, newest first. */
  rows: unknown[]
  /** The room's read and delivery positions, the reader's and the partner's (shared/receipts.ts). */
  receipts: Receipts
  /** The room's reactions (shared/reactions.ts), when fewer than the SPA reads in one page. */
  reactions?: Reaction[]
}

export const FIRST_LOAD_ID = 'first-load'
/** index.html names the signed-in chunks here (see vite.config.ts); each becomes a preload. */
const PRELOAD_META = 'kathelia-signed-in'

/**
 * index.html with the data as `<script type="application/json">` (data, not code: no CSP
 * allowance needed), modulepreload links for the signed-in chunks, and the room's first paint
 * (worker/first-paint/) ahead of the SPA's root, titled `title`. Personal data: never cached by the browser or
 * anything in between.
 */
export function withFirstLoad(
  page: Response,
  data: FirstLoad,
  paint: string | null,
  title?: string,
): Response {
  const preloads: string[] = []
  const html = new HTMLRewriter()
    // The drawn room's name in the tab from the start, as the SPA will title it (set as text).
    .on('head > title', { element: (el) => void (title && el.setInnerContent(title)) })
    // Read by index.html's first script, before the data below is parsed: no session probe.
    .on('html', { element: (el) => void el.setAttribute('data-first-load', '') })
    .on(`meta[name="${PRELOAD_META}"]`, {
      element(el) {
        for (const href of (el.getAttribute('content') ?? '').split(/\s+/).filter(Boolean))
          preloads.push(href)
      },
    })
    // A visitor's drawn sign-in screen (scripts/auth-paint.ts) and the preload of its chunk
    // (scripts/signed-in-meta.ts) have no place in a signed-in page.
    .on('div#auth-paint', { element: (el) => void el.remove() })
    .on('link[data-signed-out]', { element: (el) => void el.remove() })
    .on('div#root', {
      element(el) {
        if (paint) el.before(paint, { html: true })
      },
    })
    .on('head', {
      element(el) {
        el.onEndTag((end) => {
          const links = preloads.map((href) =>
            href.endsWith('.css')
              ? `<link rel="stylesheet" href="${href}">`
              : `<link rel="modulepreload" crossorigin href="${href}">`,
          )
          // Chromium paints a long document before it is all parsed: the drawn log, then a frame
          // later the unread line and the draft its scripts add (a walk saw the room jump 628 px
          // up). The page is first rendered once the drawing's last element is in.
          if (paint)
            links.push(`<link rel="expect" href="#${FIRST_PAINT_END_ID}" blocking="render">`)
          end.before(
            `${links.join('')}<script type="application/json" id="${FIRST_LOAD_ID}">${scriptSafeJson(data)}</script>`,
            { html: true },
          )
        })
      },
    })
    .transform(page)
  const headers = new Headers(html.headers)
  headers.set('cache-control', 'private, no-store')
  headers.delete('etag')
  headers.delete('last-modified')
  headers.set('vary', 'Cookie')
  return new Response(html.body, { status: 200, headers })
}

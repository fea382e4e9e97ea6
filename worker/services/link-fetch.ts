import { checkLinkUrl, LinkRefused } from './link-guard'

export const LINK_MAX_BYTES = 512 * 1024
export const LINK_TIMEOUT_MS = 5_000
const MAX_REDIRECTS = 3

/** A fetch that went wrong upstream: too large, wrong type, unreachable or too slow. */
export class LinkFetchError extends Error {
  override name = 'LinkFetchError'
  constructor(
    readonly status: 413 | 415 | 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

export type Fetched = { url: URL; contentType: string; body: Uint8Array }

type Options = {
  testOrigins: readonly string[]
  accept: string
  /** Whether a content type may be read at all. */
  allowType: (contentType: string) => boolean
  /** HTML: the first 512 KB are enough for <head>. Images: a cut image is useless, so refuse. */
  truncate: boolean
}

/**
 * GET with the preview's limits: redirects followed by hand (each hop checked by the guard again,
 * at most 3), one 5 s deadline for all hops and the body, at most 512 KB read. No cookies or
 * credentials of ours travel: the request carries only what is set here.
 */
export async function fetchGuarded(start: URL, opts: Options): Promise<Fetched> {
  const signal = AbortSignal.timeout(LINK_TIMEOUT_MS)
  try {
    let url = start
    for (let hop = 0; ; hop++) {
      const res = await fetch(url.href, {
        redirect: 'manual',
        signal,
        headers: { accept: opts.accept, 'user-agent': 'KatheliaLinkPreview/1.0' },
      })
      const location = res.headers.get('location')
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel()
        if (hop >= MAX_REDIRECTS) throw new LinkFetchError(502, 'the link redirects too often')
        url = checkLinkUrl(new URL(location, url), opts.testOrigins)
        continue
      }
      if (!res.ok) {
        await res.body?.cancel()
        throw new LinkFetchError(502, `the site answered ${res.status}`)
      }
      const contentType = (res.headers.get('content-type') ?? '').toLowerCase()
      if (!opts.allowType(contentType)) {
        await res.body?.cancel()
        throw new LinkFetchError(415, `the link is ${contentType || 'of an unknown type'}`)
      }
      const declared = Number(res.headers.get('content-length') ?? NaN)
      if (declared > LINK_MAX_BYTES) {
        await res.body?.cancel()
        throw new LinkFetchError(413, 'the linked page or image is larger than 512 KB')
      }
      return { url, contentType, body: await readLimited(res, opts.truncate) }
    }
  } catch (err) {
    if (err instanceof LinkFetchError || err instanceof LinkRefused) throw err
    if (signal.aborted) throw new LinkFetchError(504, 'the site did not answer within 5 seconds')
    throw new LinkFetchError(502, 'the site could not be reached')
  }
}

async function readLimited(res: Response, truncate: boolean): Promise<Uint8Array> {
  const out = new Uint8Array(LINK_MAX_BYTES)
  let size = 0
  const reader = res.body?.getReader()
  if (!reader) return out.subarray(0, 0)
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const room = LINK_MAX_BYTES - size
    if (value.byteLength > room) {
      await reader.cancel()
      if (!truncate) throw new LinkFetchError(413, 'the linked page or image is larger than 512 KB')
      out.set(value.subarray(0, room), size)
      size += room
      break
    }
    out.set(value, size)
    size += value.byteLength
  }
  return out.subarray(0, size)
}

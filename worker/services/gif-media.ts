import type { Config } from '../config'

// The GIF renditions the Worker serves: only from the configured provider's media hosts (and the
// origin of GIF_API_URL itself, where a self-hosted mirror or a test's contract server answers),
// at most 8 MiB and 8 s each, never following a redirect elsewhere.
export const GIF_MEDIA_MAX_BYTES = 8 * 1024 * 1024
export const GIF_MEDIA_TIMEOUT_MS = 8_000
const MAX_REDIRECTS = 2

// The hosts Tenor v2 and GIPHY answer media URLs on (their search results' `url` fields).
const MEDIA_HOSTS = {
  tenor: ['media.tenor.com', 'media1.tenor.com', 'c.tenor.com'],
  giphy: ['media.giphy.com', 'i.giphy.com', ...[0, 1, 2, 3, 4].map((n) => `media${n}.giphy.com`)],
} as const

const TYPES = ['image/gif', 'image/webp']

export class GifMediaError extends Error {
  override name = 'GifMediaError'
  constructor(
    readonly status: 400 | 413 | 415 | 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

type GifConfig = Pick<Config, 'GIF_API_URL' | 'GIF_PROVIDER'>

/** Whether a URL is one of the provider's renditions (a message's GIF must be one). */
export function isGifMediaUrl(config: GifConfig, raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (config.GIF_API_URL && url.origin === new URL(config.GIF_API_URL).origin) return true
  const hosts: readonly string[] = MEDIA_HOSTS[config.GIF_PROVIDER]
  return url.protocol === 'https:' && url.port === '' && hosts.includes(url.hostname)
}

/** The rendition's bytes and type, within the limits above. */
export async function fetchGifMedia(config: GifConfig, start: string) {
  const signal = AbortSignal.timeout(GIF_MEDIA_TIMEOUT_MS)
  try {
    let url = start
    for (let hop = 0; ; hop++) {
      if (!isGifMediaUrl(config, url))
        throw new GifMediaError(400, 'the address is not one of the GIF service’s media hosts')
      const res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: TYPES.join(',') },
      })
      const location = res.headers.get('location')
      if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        await res.body?.cancel()
        url = new URL(location, url).href
        continue
      }
      if (!res.ok) {
        await res.body?.cancel()
        throw new GifMediaError(502, `the GIF service answered ${res.status}`)
      }
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (!TYPES.includes(type)) {
        await res.body?.cancel()
        throw new GifMediaError(415, `the GIF service sent ${type || 'an unknown type'}`)
      }
      return { type, body: await readLimited(res) }
    }
  } catch (err) {
    if (err instanceof GifMediaError) throw err
    if (signal.aborted) throw new GifMediaError(504, 'the GIF service did not answer in time')
    throw new GifMediaError(502, 'the GIF service could not be reached')
  }
}

const tooLarge = () => new GifMediaError(413, 'the GIF is larger than 8 MB')

async function readLimited(res: Response): Promise<Uint8Array> {
  if (Number(res.headers.get('content-length') ?? 0) > GIF_MEDIA_MAX_BYTES) {
    await res.body?.cancel()
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = res.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > GIF_MEDIA_MAX_BYTES) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

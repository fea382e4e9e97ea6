import type { Gif } from '../../shared/schemas/gif'

// Tenor v2 (/v2/search) and GIPHY (/v1/gifs/search), normalized to one Gif shape.
const LIMIT = 24
const TIMEOUT_MS = 5000

export class GifServiceError extends Error {
  override name = 'GifServiceError'
}

type Rendition = { url?: string; dims?: number[]; width?: string; height?: string }
type TenorItem = {
  id: string
  content_description?: string
  media_formats?: Record<string, Rendition>
}
type GiphyItem = { id: string; title?: string; images?: Record<string, Rendition> }

const base = (url: string) => (url.endsWith('/') ? url : `${url}/`)

async function getJson(url: URL): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (err) {
    throw new GifServiceError(`the GIF service is unreachable (${(err as Error).message})`)
  }
  if (!res.ok) throw new GifServiceError(`the GIF service answered ${res.status}`)
  return res.json().catch(() => {
    throw new GifServiceError('the GIF service answered no JSON')
  })
}

export async function searchGifs(
  provider: 'tenor' | 'giphy',
  apiUrl: string,
  key: string,
  q: string,
): Promise<Gif[]> {
  if (provider === 'tenor') {
    const url = new URL('v2/search', base(apiUrl))
    for (const [k, v] of [
      ['q', q],
      ['key', key],
      ['limit', String(LIMIT)],
      ['media_filter', 'tinygif,gif'],
    ])
      url.searchParams.set(k!, v!)
    const body = (await getJson(url)) as { results?: TenorItem[] }
    return (body.results ?? []).flatMap((r) => {
      const small = r.media_formats?.tinygif
      const full = r.media_formats?.gif
      if (!small?.url || !full?.url) return []
      const [width = 0, height = 0] = full.dims ?? []
      const title = r.content_description ?? ''
      return [{ id: r.id, title, preview: small.url, url: full.url, width, height }]
    })
  }
  const url = new URL('v1/gifs/search', base(apiUrl))
  for (const [k, v] of [
    ['api_key', key],
    ['q', q],
    ['limit', String(LIMIT)],
  ])
    url.searchParams.set(k!, v!)
  const body = (await getJson(url)) as { data?: GiphyItem[] }
  return (body.data ?? []).flatMap((g) => {
    const small = g.images?.fixed_width_small ?? g.images?.fixed_width
    const full = g.images?.original
    if (!small?.url || !full?.url) return []
    const width = Number(full.width) || 0
    const height = Number(full.height) || 0
    return [{ id: g.id, title: g.title ?? '', preview: small.url, url: full.url, width, height }]
  })
}

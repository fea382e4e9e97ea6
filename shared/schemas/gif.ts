import { z } from 'zod'

// POST /api/gif/search — the Worker proxies the configured GIF service (Tenor v2 or GIPHY).
export const GifSearchRequest = z.object({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(1, { message: 'q is required' })
    .max(100, { message: 'q must be at most 100 characters' }),
})
export type GifSearchRequest = z.input<typeof GifSearchRequest>

/** One GIF: a small rendition for the picker's grid and the full one sent in a message. */
export const Gif = z.object({
  id: z.string(),
  title: z.string(),
  preview: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
})
export const GifSearchResult = z.object({ results: z.array(Gif) })
export type Gif = z.infer<typeof Gif>
export type GifSearchResult = z.infer<typeof GifSearchResult>

const side = z.number().int().min(1).max(4096)
const mediaUrl = z
  .url({ protocol: /^https?$/, message: 'url must be an http(s) address' })
  .max(2048, { message: 'url must be at most 2048 characters' })

/**
 * A GIF sent as a message: the full rendition's address (one of the provider's media hosts, which
 * the Worker checks) and its size in pixels, so the bubble reserves its box before it plays.
 */
export const GifRef = z.object({ url: mediaUrl, width: side, height: side })
export type GifRef = z.input<typeof GifRef>

// POST /api/gif/media { url } → the rendition's bytes, fetched by the Worker from the provider's
// media hosts only, so neither partner's browser ever asks the GIF CDN itself.
export const GifMediaRequest = z.object({ url: mediaUrl })
export type GifMediaRequest = z.input<typeof GifMediaRequest>

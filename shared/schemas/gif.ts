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

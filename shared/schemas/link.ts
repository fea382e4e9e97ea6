import { z } from 'zod'

// POST /api/link/preview and /api/link/image — the Worker fetches the URL, never the browser.
// Which URLs it will fetch is decided by the Worker's guard (400 link_refused otherwise).
export const LinkRequest = z.object({
  url: z.string().trim().min(1, { message: 'url is required' }).max(2048, {
    message: 'url must be at most 2048 characters',
  }),
})
export type LinkRequest = z.input<typeof LinkRequest>

/** What a page's <title> and Open Graph <meta> tags say; null when the page does not say it. */
export const LinkPreview = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  // Absolute http(s) URL of og:image, fetched only through POST /api/link/image.
  image: z.string().nullable(),
})
export type LinkPreview = z.infer<typeof LinkPreview>

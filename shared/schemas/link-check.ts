import { z } from 'zod'
import { MAX_LINK_CHECK_URLS } from '../constants'

// POST /api/link-check — the Worker asks the configured Safe Browsing lookup which of a
// message's links are flagged; the browser never sees the lookup's key.

export const LinkCheckRequest = z.object({
  urls: z
    .array(
      z
        .string()
        .trim()
        .max(2048, { message: 'each url must be at most 2048 characters' })
        .pipe(z.url({ protocol: /^https?$/, message: 'expected http(s) URLs' })),
      { message: 'urls must be a list of URLs' },
    )
    .min(1, { message: 'urls must hold at least one URL' })
    .max(MAX_LINK_CHECK_URLS, {
      message: `urls must hold at most ${MAX_LINK_CHECK_URLS} URLs`,
    }),
})
export type LinkCheckRequest = z.input<typeof LinkCheckRequest>

/** The flagged links among those asked about, with the lookup's threat type. */
export const LinkCheckResult = z.object({
  unsafe: z.array(z.object({ url: z.string(), threat: z.string() })),
})
export type LinkCheckResult = z.infer<typeof LinkCheckResult>

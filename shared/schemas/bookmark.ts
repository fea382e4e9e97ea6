import { z } from 'zod'
import { BOOKMARK_TEXTS } from '../bookmark-texts'

export { BOOKMARK_TEXTS, EXCERPT_LENGTH } from '../bookmark-texts'

// A bookmark is written by the SPA with the SDK (row permissions `user:<owner>` only); this is
// the link form's check, the same limits as the table's columns.

export const LinkBookmarkInput = z.object({
  url: z
    .string()
    .trim()
    .max(2048, { message: BOOKMARK_TEXTS.urlInvalid })
    // "example.org/page", as people type an address: the web's https:// is understood.
    .transform((u) => (!u || /^[a-z][a-z\d+.-]*:/i.test(u) ? u : `https://${u}`))
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), {
      message: BOOKMARK_TEXTS.urlInvalid,
    }),
  title: z
    .string()
    .trim()
    .min(1, { message: BOOKMARK_TEXTS.titleRequired })
    .max(256, { message: BOOKMARK_TEXTS.titleTooLong }),
  note: z.string().trim().max(1000, { message: BOOKMARK_TEXTS.noteTooLong }),
})
export type LinkBookmarkInput = z.input<typeof LinkBookmarkInput>

import { z } from 'zod'

// A bookmark is written by the SPA with the SDK (row permissions `user:<owner>` only); this is
// the link form's check, the same limits as the table's columns.
export const BOOKMARK_TEXTS = {
  urlInvalid: 'Please enter a web address starting with http:// or https://.',
  titleRequired: 'Please give the link a title.',
  titleTooLong: 'The title can be at most 256 characters long.',
  noteTooLong: 'The note can be at most 1000 characters long.',
  deletedMessage: 'This message was deleted.',
  saved: 'Bookmarked.',
  removed: 'Bookmark removed.',
} as const

export const LinkBookmarkInput = z.object({
  url: z
    .string()
    .trim()
    .max(2048, { message: BOOKMARK_TEXTS.urlInvalid })
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

/** The excerpt kept with a saved message: its first 300 characters. */
export const EXCERPT_LENGTH = 300

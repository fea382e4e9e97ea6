import { z } from 'zod'
import { BOOKMARK_TEXTS } from '../bookmark-texts'

export { BOOKMARK_TEXTS, EXCERPT_LENGTH } from '../bookmark-texts'

// A bookmark is written by the SPA with the SDK (row permissions `user:<owner>` only); this is
// the link form's check, the same limits as the table's columns.

/**
 * An address as people type it: "example.org/page", "localhost:3000/x" or "//example.org" get the
 * web's https:// (a colon before a port is no scheme); one with a scheme, or no host with a dot,
 * stays as typed, for the check to refuse or keep.
 */
function withScheme(u: string) {
  if (u.startsWith('//')) return `https:${u}`
  if (/^[a-z][a-z\d+.-]*:(?!\d)/i.test(u)) return u
  return /^(localhost|[^\s/:?#]+\.[^\s/:?#]+)(:\d+)?([/?#]|$)/i.test(u) ? `https://${u}` : u
}

/**
 * A link saved without a title is named by its address as people read it, as a browser's
 * bookmark of a page without one is: host (no "www.", a port kept) and path, "example.org/kites".
 * A host in another script stays as typed ("例え.jp"), not in the URL's punycode.
 */
function titleOf(url: string) {
  const { host: coded, pathname } = new URL(url)
  const typed = AUTHORITY.exec(url)?.[1]?.toLowerCase()
  const host = typed && sameHost(typed, coded) ? typed : coded
  let path = pathname.replace(/\/+$/, '')
  try {
    path = decodeURI(path)
  } catch {
    // A malformed escape stays as typed.
  }
  return `${host.replace(/^www\./, '')}${path}`.slice(0, 256)
}

// The host and port as written, after the scheme and any user name.
const AUTHORITY = /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]+)/i
const sameHost = (typed: string, coded: string) => {
  try {
    return new URL(`http://${typed}`).host === coded
  } catch {
    return false
  }
}

export const LinkBookmarkInput = z
  .object({
    url: z
      .string()
      .trim()
      .transform(withScheme)
      .pipe(
        z
          .string()
          .max(2048, { message: BOOKMARK_TEXTS.urlInvalid })
          .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), {
            message: BOOKMARK_TEXTS.urlInvalid,
          }),
      ),
    title: z.string().trim().max(256, { message: BOOKMARK_TEXTS.titleTooLong }),
    note: z.string().trim().max(1000, { message: BOOKMARK_TEXTS.noteTooLong }),
  })
  .transform((link) => ({ ...link, title: link.title || titleOf(link.url) }))
export type LinkBookmarkInput = z.input<typeof LinkBookmarkInput>

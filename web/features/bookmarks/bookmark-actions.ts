import { LinkBookmarkInput } from '../../../shared/schemas/bookmark'
import { createBookmark } from './bookmark-write'

/** Saves a link; the input is checked with the form's schema first (throws its ZodError). */
export function bookmarkLink(userId: string, input: LinkBookmarkInput) {
  const { url, title, note } = LinkBookmarkInput.parse(input)
  return createBookmark(userId, { kind: 'link', url, title, note })
}

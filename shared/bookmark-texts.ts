import { clip, plainText } from './text-format'

// Bookmark texts and limits without zod: the chat's Bookmark action is in the room's first load.
export const BOOKMARK_TEXTS = {
  urlInvalid: 'Please enter a web address, such as https://example.org.',
  titleTooLong: 'The title can be at most 256 characters long.',
  noteTooLong: 'The note can be at most 1000 characters long.',
  deletedMessage: 'This message was deleted.',
  saved: 'Bookmarked.',
  alreadySaved: 'This message is already in your bookmarks.',
  removed: 'Bookmark removed.',
  // Made without a connection: kept in this browser until it is back (action-queue.ts).
  savedLater: 'Bookmarked here: it is saved once the connection is back.',
  removedLater: 'Removed here: it goes once the connection is back.',
} as const

/** The excerpt kept with a saved message: its first 300 characters. */
export const EXCERPT_LENGTH = 300

/**
 * What a bookmark keeps of a message: its text as read (markers gone, as a reply's quote shows
 * it, so the bookmarks' search finds its words), or `untitled` (its file's label) without one,
 * cut to EXCERPT_LENGTH. The SPA's save and the server's edit (bookmark-excerpts.ts) both use it.
 */
export function bookmarkExcerpt(text: string, untitled: string) {
  const read = text ? plainText(text) : untitled
  return clip(read, EXCERPT_LENGTH)
}

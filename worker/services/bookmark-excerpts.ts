import { toExcerpt } from '../../shared/bookmark-texts'
import { mediaKind } from '../../shared/media-box'
import { plainText } from '../../shared/text-format'
import { q, type BackendPort } from '../backend'

/** A message row's file columns, as routes/message.ts stores them. */
type Shown = {
  fileName?: string | null
  fileType?: string | null
  fileDuration?: number | null
  gifUrl?: string | null
}

/**
 * What a bookmark keeps of a message: its text as read, or without one what the room shows for
 * its file, as the SPA saves it (web/features/bookmarks/save-message.ts).
 */
export function bookmarkExcerpt(text: string, row: Shown): string {
  if (text) return toExcerpt(plainText(text))
  if (row.gifUrl) return 'GIF'
  const kind = mediaKind(row.fileType ?? '', row.fileDuration)
  if (kind === 'voice') return 'Voice message'
  if (kind === 'photo') return 'Photo'
  if (kind === 'video' && !row.fileDuration) return 'Video'
  return row.fileName ?? ''
}

/**
 * The bookmarks of an edited message take its new words, with the server key (a bookmark's row
 * is its owner's alone): the edit keeps the old text nowhere, and the owner's search finds what
 * the message says now. The owner's tabs hear of it through the bookmarks' events.
 */
export async function rewordBookmarks(backend: BackendPort, messageId: string, excerpt: string) {
  const { rows } = await backend.listRows<{ excerpt: string }>('bookmarks', [
    q.equal('messageId', messageId),
    q.limit(100),
  ])
  const stale = rows.filter((r) => r.excerpt !== excerpt)
  await Promise.all(stale.map((r) => backend.updateRow('bookmarks', r.$id, { excerpt })))
}

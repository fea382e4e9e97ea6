import { bookmarkExcerpt } from '../../shared/bookmark-texts'
import { fileLabel } from '../../shared/media-box'
import { q, type BackendPort } from '../backend'

/** A message row's file columns, as routes/message.ts stores them. */
type Shown = {
  fileName?: string | null
  fileType?: string | null
  fileDuration?: number | null
  gifUrl?: string | null
}

/** A message row's excerpt for its bookmarks, as the SPA saves it (save-message.ts). */
export const rowExcerpt = (text: string, row: Shown) =>
  bookmarkExcerpt(
    text,
    row.gifUrl ? 'GIF' : fileLabel(row.fileType ?? '', row.fileName ?? '', row.fileDuration),
  )

/**
 * The bookmarks of an edited message take its new words, those of a message deleted for everyone
 * none (''), with the server key (a bookmark's row is its owner's alone): neither keeps the old
 * text anywhere, and the owner's search finds what the message says now. The owner's tabs hear
 * of it through the bookmarks' events.
 */
export async function rewordBookmarks(backend: BackendPort, messageId: string, excerpt: string) {
  const { rows } = await backend.listRows<{ excerpt: string }>('bookmarks', [
    q.equal('messageId', messageId),
    q.limit(100),
  ])
  const stale = rows.filter((r) => r.excerpt !== excerpt)
  await Promise.all(stale.map((r) => backend.updateRow('bookmarks', r.$id, { excerpt })))
}

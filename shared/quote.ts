import { fileLabel } from './media-box'
import { plainText } from './text-format'

// What a reply's quote shows, the same in the SPA (web/features/chat/reply-quote.tsx) and in the
// Worker's first paint of a room (worker/first-paint/row-paint.ts).

/** Who wrote a message, as a quote or a reaction names them. */
export const senderName = (
  senderId: string,
  kind: string | undefined,
  meId: string,
  chateeName: string | undefined,
) => (kind === 'system' ? 'Kathelia' : senderId === meId ? 'You' : (chateeName ?? 'Partner'))

/** The file a quoted message shows, as either side holds it. */
type QuotedFile = { type: string; name: string; duration?: number | null }

/**
 * A quote's excerpt: the first line of the text as read, else its file's label, else "GIF"; a
 * message gone (deleted, or no longer there: `text` null) says so.
 */
export const quoteExcerpt = (text: string | null, file: QuotedFile | null, gif: boolean) =>
  text === null
    ? 'This message was deleted'
    : plainText(text).split('\n', 1)[0]!.trim() ||
      (file ? fileLabel(file.type, file.name, file.duration) : gif ? 'GIF' : '')

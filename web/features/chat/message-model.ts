import { MESSAGES_PER_BATCH } from '../../../shared/constants'
/** A file in the bucket `files` that a message carries (its caption is the message text). */
export type Attachment = {
  fileId: string
  name: string
  type: string
  size: number
  /** An image's size in pixels, so its box is reserved before it loads; null when unknown. */
  width: number | null
  height: number | null
  /** An image's WebP thumbnail (longest side 640 px) in the bucket, shown in the bubble. */
  thumbId?: string | null
  /** A voice message's or audio file's length (ms) and loudness bars (shared/voice.ts). */
  duration?: number | null
  waveform?: string | null
}

/** A GIF from the configured service; its bytes come through the Worker (/api/gif/media). */
export type GifRef = { url: string; width: number; height: number }

export type Message = {
  $id: string
  $createdAt: string
  roomId: string
  message: string
  senderId: string
  kind: 'user' | 'system'
  clientId: string | null
  seq: number
  attachment: Attachment | null
  /** The message this one answers (issue 14). */
  replyToId: string | null
  /** When the text was last edited; null if never. */
  editedAt: string | null
  /** Set once the sender deleted it: the row is a tombstone (no text, no file). */
  deletedAt: string | null
  gif: GifRef | null
  /** Sent on from another message (forward.ts): its words, file or GIF, marked "Forwarded". */
  forwarded: boolean
  /** An edit or a delete made here without a connection, not stored yet (action-queue.ts). */
  queued?: true
}

/**
 * A message the server has not confirmed yet (optimistic append), could not be reached for, or
 * refused (`rejected`); `sent` once stored, until its row is loaded.
 */
export type PendingMessage = {
  clientId: string
  roomId: string
  message: string
  senderId: string
  createdAt: string
  state: 'sending' | 'failed' | 'sent'
  /** Refused by the server: its error code (forward.ts reads it), or true. */
  rejected?: boolean | string
  /** Its file; the fileId is chosen before the upload, so a retried send never uploads again. */
  attachment?: Attachment
  /**
   * Present while the file is not in the bucket yet: such a message is not sent (and, since a
   * File cannot be stored, not kept across a reload) until its upload finishes.
   */
  upload?: { progress: number; failed: boolean }
  /** The message this one answers, kept in the outbox with it. */
  replyToId?: string
  /**
   * The message sent just before it in one send of several files: this one goes only after it,
   * whichever upload ends first (send-queue.ts); one that failed or was refused holds none.
   */
  after?: string
  /**
   * Written offline after a file of its room that waited for the connection too: it goes after
   * that one once the connection is back, in the order written (send-queue.ts). Online, an
   * upload on its way holds back no text.
   */
  behind?: string
  /** A GIF chosen in the picker (queued like text: no upload). */
  gif?: GifRef
  /** The message this one forwards: only its id is sent (its words, file or GIF are shown). */
  forwardOf?: string
  /** Written in another tab of this user's: the key of that tab's list, which keeps it (outbox-storage.ts). */
  elsewhere?: string | undefined
}

export type MessagePage = { rows: Message[] }

export const toMessage = (row: Record<string, unknown>): Message => ({
  $id: String(row.$id),
  $createdAt: String(row.$createdAt),
  roomId: String(row.roomId),
  message: String(row.message ?? ''),
  senderId: String(row.senderId ?? ''),
  kind: row.kind === 'system' ? 'system' : 'user',
  clientId: typeof row.clientId === 'string' && row.clientId ? row.clientId : null,
  seq: Number(row.seq ?? 0),
  attachment: attachmentOf(row),
  replyToId: strOrNull(row.replyToId),
  editedAt: strOrNull(row.editedAt),
  deletedAt: strOrNull(row.deletedAt),
  gif: gifOf(row),
  forwarded: row.forwarded === true,
})

function gifOf(row: Record<string, unknown>): GifRef | null {
  const url = strOrNull(row.gifUrl)
  const width = positive(row.gifWidth)
  const height = positive(row.gifHeight)
  return url && width && height ? { url, width, height } : null
}

const strOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null)

const positive = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null)

function attachmentOf(row: Record<string, unknown>): Attachment | null {
  if (typeof row.fileId !== 'string' || !row.fileId) return null
  return {
    fileId: row.fileId,
    name: String(row.fileName ?? 'file'),
    type: String(row.fileType ?? ''),
    size: Number(row.fileSize ?? 0),
    width: positive(row.fileWidth),
    height: positive(row.fileHeight),
    ...(typeof row.thumbId === 'string' && row.thumbId ? { thumbId: row.thumbId } : {}),
    duration: positive(row.fileDuration),
    waveform: strOrNull(row.fileWaveform),
  }
}

/** All loaded pages → one list in server order (seq ascending), each message once. */
export function flattenPages(pages: readonly MessagePage[]): Message[] {
  const byId = new Map<string, Message>()
  for (const page of pages) for (const m of page.rows) byId.set(m.$id, m)
  return [...byId.values()].sort((a, b) => a.seq - b.seq)
}

/** A full page may have older rows behind it: the next page starts below its oldest seq. */
export const olderPage = (last: MessagePage) =>
  last.rows.length < MESSAGES_PER_BATCH ? undefined : Math.min(...last.rows.map((m) => m.seq))

/**
 * Adds a realtime or freshly sent row to the newest page, or replaces its loaded copy. A row older
 * than every loaded one while older pages remain (an old message edited or deleted) is left to
 * its own page: put among the newest, it would show out of place and the next older page would
 * start below it, skipping every row between.
 */
export function insertMessage(pages: readonly MessagePage[], message: Message): MessagePage[] {
  const known = pages.flatMap((p) => p.rows).find((m) => m.$id === message.$id)
  if (known) {
    if (isOlderCopy(message, known)) return pages as MessagePage[]
    return pages.map((p) => ({ rows: p.rows.map((m) => (m.$id === message.$id ? message : m)) }))
  }
  const below = pages.length ? olderPage(pages.at(-1)!) : undefined
  if (below !== undefined && message.seq < below) return pages as MessagePage[]
  const [first = { rows: [] }, ...rest] = pages
  return [{ rows: [message, ...first.rows] }, ...rest]
}

/**
 * A copy older than the one shown: answers and events travel separately (a delete's answer can
 * beat the event of an earlier edit), and the one that arrives last must not bring back text
 * that was edited or deleted. A tombstone is final; edits are ordered by their time.
 */
export function isOlderCopy(incoming: Message, shown: Message): boolean {
  // A change made here that waited (action-queue.ts) is the server's to settle.
  if (incoming.deletedAt || shown.queued) return false
  if (shown.deletedAt) return true
  return !!shown.editedAt && (!incoming.editedAt || incoming.editedAt < shown.editedAt)
}

/**
 * Edits and deletes made here that wait for the connection, by message id (action-queue.ts keeps
 * it): laid over every read of the room's pages until they go, so a refetch does not undo them.
 */
export const waiting = new Map<string, Partial<Message>>()

/** Pending messages the server has not echoed back yet (matched by clientId). */
export function unconfirmed(
  pending: readonly PendingMessage[],
  confirmed: readonly Message[],
): PendingMessage[] {
  const seen = new Set(confirmed.map((m) => m.clientId).filter(Boolean))
  return pending.filter((p) => !seen.has(p.clientId))
}

/** A message that waits to be read: the partner's own words; system notices never do. */
export const awaitsReading = (m: Pick<Message, 'kind' | 'senderId' | 'deletedAt'>, me: string) =>
  m.kind === 'user' && m.senderId !== me && !m.deletedAt

/** Messages from the other side newer than what this device has read. */
export function countUnread(messages: readonly Message[], lastReadSeq: number, me: string) {
  return unreadAfter(messages, lastReadSeq, me).length
}

/** Those messages themselves, oldest first. */
export const unreadAfter = (messages: readonly Message[], lastReadSeq: number, me: string) =>
  messages.filter((m) => m.seq > lastReadSeq && awaitsReading(m, me))

import type { Message } from '../../shared/schemas'
import { q, type BackendPort, type Row } from '../backend'
import { ApiError } from '../lib/api-error'

type Stored = Omit<Message, '$id' | '$createdAt'>

/** A reply must quote a message of the same room (a tombstone included: it shows as deleted). */
export async function checkReply(backend: BackendPort, roomId: string, replyToId: string) {
  const quoted = await backend.getRow<Stored>('messages', replyToId)
  if (quoted?.roomId !== roomId)
    throw new ApiError(400, 'The quoted message is not in this room', 'reply_not_found')
}

/**
 * The caller's own user message, for an edit or a delete. System notices are the server's and
 * the partner's words are theirs: both 403.
 */
export async function ownMessage(backend: BackendPort, callerId: string, messageId: string) {
  const row = await backend.getRow<Stored>('messages', messageId)
  if (!row) throw new ApiError(404, 'This message does not exist')
  if (row.kind === 'system')
    throw new ApiError(403, 'System notices cannot be changed', 'system_message')
  if (row.senderId !== callerId)
    throw new ApiError(403, 'You can only change your own messages', 'not_your_message')
  return row
}

/** What a message says or shows: a forward copies these, a tombstone keeps none of them. */
export const CONTENT_COLUMNS = [
  'message',
  'searchText',
  'fileId',
  'fileName',
  'fileType',
  'fileSize',
  'fileWidth',
  'fileHeight',
  'thumbId',
  'gifUrl',
  'gifWidth',
  'gifHeight',
  'fileDuration',
  'fileWaveform',
] as const

/** What a tombstone keeps: who said something when, and nothing of what. */
export const TOMBSTONE = {
  ...Object.fromEntries(CONTENT_COLUMNS.map((k) => [k, null])),
  message: '',
  replyToId: null,
  editedAt: null,
  pinnedAt: null,
  forwarded: false,
}

// A forward's refusals. Not the room's plain 404: the SPA takes back a forward refused with
// these (web/features/chat/forward.ts), and must not for a room gone.
const sourceGone = () => new ApiError(409, 'This message was deleted', 'message_deleted')

/**
 * A forward's columns: the words, file or GIF of `source` (read beside the caller check), marked
 * forwarded. The file is not copied: both messages show the one in the bucket, which a delete
 * keeps while another message shows it (`fileShownElsewhere`).
 */
export async function forwardedColumns(
  backend: BackendPort,
  source: Row<Record<string, unknown>> | undefined,
) {
  if (!source || source.kind !== 'user')
    throw new ApiError(404, 'The message to forward does not exist', 'message_not_found')
  if (source.deletedAt) throw sourceGone()
  // Deleted a moment ago, its file may be gone before its row says so.
  if (typeof source.fileId === 'string' && !(await backend.getFile(source.fileId)))
    throw sourceGone()
  const copied = CONTENT_COLUMNS.filter((k) => source[k] != null).map((k) => [k, source[k]])
  return { ...Object.fromEntries(copied), forwarded: true }
}

/**
 * A forward's message read again once the forward is stored: deleted for everyone between the
 * first read and the write, its words (or its file, gone) would live on in the forward. The
 * forward becomes a tombstone too, and the caller hears 409.
 */
export async function assertSourceKept(
  backend: BackendPort,
  sourceId: string,
  forward: Row<{ fileId?: string | null }>,
) {
  const source = await backend.getRow<{ deletedAt?: string | null }>('messages', sourceId)
  const fileId = forward.fileId
  const fileGone = typeof fileId === 'string' && !(await backend.getFile(fileId))
  if (source && !source.deletedAt && !fileGone) return
  const deletedAt = new Date().toISOString()
  await backend.updateRow('messages', forward.$id, { ...TOMBSTONE, deletedAt })
  throw sourceGone()
}

/** Whether a message other than `messageId` still shows the file (a forward of it, or its source). */
export async function fileShownElsewhere(backend: BackendPort, fileId: string, messageId: string) {
  const { rows } = await backend.listRows('messages', [q.equal('fileId', fileId), q.limit(2)])
  return rows.some((r) => r.$id !== messageId)
}

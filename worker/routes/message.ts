import { Hono } from 'hono'
import {
  AddMessageRequest,
  MessageLimitsRequest,
  type Message,
  type MessageLimits,
} from '../../shared/schemas'
import { BackendError, isConflict, type Row } from '../backend'
import { ApiError } from '../lib/api-error'
import { stableId } from '../lib/stable-id'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { readRow, requireCallerReading } from '../middleware/prefetch'
import { checkAttachment } from '../services/attachment'
import { checkGif } from '../services/gif-message'
import { addPlan, messageData } from '../services/message-add'
import { assertSourceKept, checkReply, forwardedColumns } from '../services/message-row'
import actions from './message-actions'
import pins from './message-pins'
import { later } from '../lib/background'
import { pushToOthers } from '../services/push/deliver'
import { messagePayload } from '../services/push/message-push'

// The stored row: the answer's columns, and the text as read that only search uses (db-schema.ts).
export type MessageData = Omit<Message, '$id' | '$createdAt'> & { searchText?: string | null }

const num = (v: unknown) => (typeof v === 'number' ? v : v == null ? null : Number(v))
const strOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null)

export const toMessage = (r: Row<MessageData>): Message => ({
  $id: r.$id,
  $createdAt: r.$createdAt,
  roomId: r.roomId,
  message: r.message,
  senderId: r.senderId,
  kind: r.kind,
  clientId: r.clientId ?? null,
  seq: num(r.seq),
  fileId: r.fileId ?? null,
  fileName: r.fileName ?? null,
  fileType: r.fileType ?? null,
  fileSize: num(r.fileSize),
  fileWidth: num(r.fileWidth),
  fileHeight: num(r.fileHeight),
  replyToId: strOrNull(r.replyToId),
  editedAt: strOrNull(r.editedAt),
  deletedAt: strOrNull(r.deletedAt),
  thumbId: strOrNull(r.thumbId),
  gifUrl: strOrNull(r.gifUrl),
  gifWidth: num(r.gifWidth),
  gifHeight: num(r.gifHeight),
  fileDuration: num(r.fileDuration),
  fileWaveform: strOrNull(r.fileWaveform),
  pinnedAt: strOrNull(r.pinnedAt),
  forwarded: r.forwarded === true,
})

const message = new Hono<ApiHono>()
  .use('*', withBackend)
  // The room, a retry's row and (for text and GIFs) the guarded create come in the caller
  // check's round trip: one Durable Object call (services/message-add.ts).
  .use('/add', requireCallerReading(addPlan))
  .use('*', requireCaller)
  // Always as the caller and of kind 'user'; system notices are written only by the server.
  .post('/add', validate('json', AddMessageRequest), async (c) => {
    const input = c.req.valid('json')
    const { roomId, clientId, attachment, replyToId, gif, forwardOf } = input
    const { caller, backend, config } = c.var
    const room = await readRow<{ isDeleted?: boolean; name?: string }>(c, 'rooms', roomId)
    if (!room) throw new ApiError(404, 'This room does not exist')
    if (room.isDeleted) throw new ApiError(409, 'This room has been deleted')
    // A stable id per (sender, clientId): a retried create collides instead of duplicating.
    const rowId = clientId ? await stableId('m', caller.$id, clientId) : 'unique()'
    const replay = async () => {
      const found = clientId ? await readRow<MessageData>(c, 'messages', rowId) : undefined
      return found && found.senderId === caller.$id ? found : undefined
    }
    // Made beside the caller check when the plan could (the same checks passed there); refused
    // there when a retry's row holds its id, and that row was read then.
    const made = c.get('created')
    if (!made || made instanceof BackendError) {
      const existing = await replay()
      if (existing) return c.json(toMessage(existing), 200)
    }
    const file = attachment && (await checkAttachment(backend, config, caller, attachment))
    if (replyToId) await checkReply(backend, roomId, replyToId)
    const gifColumns = gif && checkGif(config, gif)
    const forward =
      forwardOf && (await forwardedColumns(backend, await readRow(c, 'messages', forwardOf)))
    try {
      if (made instanceof BackendError) throw made
      const row =
        (made as Row<MessageData> | undefined) ??
        (await backend.createRow<MessageData>(
          'messages',
          rowId,
          messageData(caller.$id, input, { ...file, ...gifColumns, ...forward }),
        ))
      if (forwardOf) await assertSourceKept(backend, forwardOf, row)
      // The partner hears of it through Web Push when no tab of theirs is visible; a retried
      // clientId (answered 200 above) never pushes twice. Without VAPID keys nothing is queued.
      const payload = () => messagePayload(caller, room, row)
      later(c, pushToOthers(backend, config, caller.$id, payload, made && c.get('listed')))
      return c.json(toMessage(row), 201)
    } catch (err) {
      // A concurrent retry won the race: answer with its row.
      // Not the row the plan's refusal was about: replay looked for it already.
      const row = isConflict(err) && err !== made ? await replay() : undefined
      if (!row) throw err
      return c.json(toMessage(row), 200)
    }
  })
  .post('/limits', validate('json', MessageLimitsRequest), (c) =>
    c.json({ fileMaxBytes: c.var.config.FILE_MAX_BYTES } satisfies MessageLimits, 200),
  )
  // Edit, delete and react, behind the same caller check (worker/routes/message-actions.ts).
  .route('/', actions)
  // Pin and unpin (worker/routes/message-pins.ts).
  .route('/', pins)

export default message

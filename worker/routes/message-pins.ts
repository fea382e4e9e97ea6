import { Hono } from 'hono'
import { PIN_LIMIT } from '../../shared/constants'
import { PinMessageRequest } from '../../shared/schemas'
import { q } from '../backend'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import type { ApiHono } from '../middleware/context'
import { SYSTEM_SENDER } from '../services/notifier'
import { toMessage, type MessageData } from './message'

const UNPINNED = { pinnedAt: null } as Partial<MessageData>

/**
 * Pin and unpin, by either partner: a room's bar holds its pinned messages for both of them, as
 * WhatsApp's does. Mounted inside the message area (worker/routes/message.ts), behind its caller
 * check; rows are written with the server key only.
 */
const pins = new Hono<ApiHono>().post('/pin', validate('json', PinMessageRequest), async (c) => {
  const { messageId, on } = c.req.valid('json')
  const { backend, caller } = c.var
  const row = await backend.getRow<MessageData>('messages', messageId)
  if (!row) throw new ApiError(404, 'This message does not exist')
  if (row.kind === 'system')
    throw new ApiError(403, 'System notices cannot be pinned', 'system_message')
  if (on && row.deletedAt) throw new ApiError(409, 'This message was deleted', 'message_deleted')
  // A repeat (or a retry) changes nothing: the pin keeps its place among the others.
  if (!!row.pinnedAt === on) return c.json(toMessage(row), 200)
  if (on && (await backend.getRow<{ isDeleted?: boolean }>('rooms', row.roomId))?.isDeleted)
    throw new ApiError(409, 'This room has been deleted')
  const updated = await backend.updateRow<MessageData>(
    'messages',
    messageId,
    on ? { pinnedAt: new Date().toISOString() } : UNPINNED,
  )
  // Past the limit the room's oldest pins make way. Read after the write, so two pins made at
  // once still leave PIN_LIMIT: each unpins what is past it then.
  if (on) {
    const pinned = await backend.listRows<MessageData>('messages', [
      q.equal('roomId', row.roomId),
      q.isNotNull('pinnedAt'),
      q.orderDesc('pinnedAt'),
      q.limit(100),
    ])
    for (const old of pinned.rows.slice(PIN_LIMIT))
      await backend.updateRow<MessageData>('messages', old.$id, UNPINNED)
    // Told in the room, as WhatsApp does, quoting nothing: a notice keeps no words the sender
    // may later delete for everyone. It names the message, which a click on it shows.
    await backend.createRow('messages', 'unique()', {
      roomId: row.roomId,
      message: `${caller.name.trim() || caller.email} pinned a message`,
      senderId: SYSTEM_SENDER,
      kind: 'system',
      replyToId: row.$id,
    })
  }
  return c.json(toMessage(updated), 200)
})

export default pins

import { Hono } from 'hono'
import { AddMessageRequest, type Message } from '../../shared/schemas'
import { isConflict, type Row } from '../backend'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'

type MessageData = Omit<Message, '$id' | '$createdAt'>

/** A stable row id per (sender, clientId): a retried create collides instead of duplicating. */
async function rowIdFor(senderId: string, clientId: string) {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${senderId}\n${clientId}`),
  )
  return (
    'm' +
    [...new Uint8Array(digest)]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .slice(0, 35)
  )
}

const toMessage = (r: Row<MessageData>): Message => ({
  $id: r.$id,
  $createdAt: r.$createdAt,
  roomId: r.roomId,
  message: r.message,
  senderId: r.senderId,
  kind: r.kind,
  clientId: r.clientId ?? null,
  seq: typeof r.seq === 'number' ? r.seq : r.seq == null ? null : Number(r.seq),
})

const message = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  // Always as the caller and of kind 'user'; system notices are written only by the server.
  .post('/add', validate('json', AddMessageRequest), async (c) => {
    const { roomId, message: text, clientId } = c.req.valid('json')
    const { caller, backend } = c.var
    const room = await backend.getRow<{ isDeleted?: boolean }>('rooms', roomId)
    if (!room) throw new ApiError(404, 'This room does not exist')
    if (room.isDeleted) throw new ApiError(409, 'This room has been deleted')
    const rowId = clientId ? await rowIdFor(caller.$id, clientId) : 'unique()'
    const replay = async () => {
      const found = clientId ? await backend.getRow<MessageData>('messages', rowId) : undefined
      return found && found.senderId === caller.$id ? found : undefined
    }
    const existing = await replay()
    if (existing) return c.json(toMessage(existing), 200)
    try {
      const row = await backend.createRow<MessageData>('messages', rowId, {
        roomId,
        message: text,
        senderId: caller.$id,
        kind: 'user',
        ...(clientId ? { clientId } : {}),
      })
      return c.json(toMessage(row), 201)
    } catch (err) {
      // A concurrent retry won the race: answer with its row.
      const row = isConflict(err) ? await replay() : undefined
      if (!row) throw err
      return c.json(toMessage(row), 200)
    }
  })

export default message

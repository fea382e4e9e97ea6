import type { Message } from '../../shared/schemas'
import type { BackendPort } from '../backend'
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

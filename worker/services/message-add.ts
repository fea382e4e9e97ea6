import type { Context } from 'hono'
import { AddMessageRequest } from '../../shared/schemas'
import type { RowRead } from '../backend'
import { stableId } from '../lib/stable-id'
import type { ApiHono } from '../middleware/context'
import { validBody, type Prefetch } from '../middleware/prefetch'
import { checkGif } from './gif-message'
import { rowSearchText } from '../../shared/text-format'
import type { MessageData } from '../routes/message'
import { vapidOf } from './push/push-config'
import { SUBSCRIPTIONS_LIST } from './push/deliver'

type AddBody = (typeof AddMessageRequest)['_zod']['output']

/** The `searchText` column of a message of `text` and its file's columns, when it has one. */
const withSearchText = (text: string, file: Partial<MessageData> = {}) => {
  const searchText = rowSearchText(text, file)
  return searchText === null ? {} : { searchText }
}

/** A user message's columns, as /add writes them (the row's file or GIF columns in `extra`). */
export const messageData = (senderId: string, body: AddBody, extra?: Partial<MessageData>) => ({
  roomId: body.roomId,
  message: body.message,
  ...withSearchText(body.message, extra),
  senderId,
  kind: 'user' as const,
  ...(body.clientId ? { clientId: body.clientId } : {}),
  ...extra,
  ...(body.replyToId ? { replyToId: body.replyToId } : {}),
})

/**
 * What /add needs beside the caller check, named before the caller is verified: the room and a
 * retried message, and for a plain text or GIF message its create, made only when the caller is
 * the claimed one and allowed and the room exists and is not deleted; a retry's row refuses it
 * (409, the same id) and is read then. A file, a reply or a forward has checks of its own
 * reads: that message is written after, as before.
 */
export async function addPlan(c: Context<ApiHono>, claimed: string): Promise<Prefetch> {
  const body = await validBody(c, AddMessageRequest)
  if (!body) return { reads: [] }
  const config = c.get('config')
  const rowId = body.clientId && (await stableId('m', claimed, body.clientId))
  const room: RowRead = { table: 'rooms', rowId: body.roomId }
  const retry = (unlessCreated: boolean): RowRead[] =>
    rowId ? [{ table: 'messages', rowId, unlessCreated }] : []
  // A forward's source is read in the same call; its create waits for its checks.
  const source: RowRead[] = body.forwardOf ? [{ table: 'messages', rowId: body.forwardOf }] : []
  const plain = { reads: [room, ...retry(false), ...source] }
  if (body.attachment || body.replyToId || body.forwardOf) return plain
  let gifColumns: ReturnType<typeof checkGif> | undefined
  try {
    gifColumns = body.gif && checkGif(config, body.gif)
  } catch {
    return plain
  }
  return {
    // A retry's row is read only when the create collides with it (its id is the stable one).
    reads: [room, ...retry(true)],
    create: {
      table: 'messages',
      rowId: rowId || 'unique()',
      data: messageData(claimed, body, gifColumns),
      callerId: claimed,
      allowedEmails: config.ALLOWED_EMAILS,
      // Whom Web Push tells of it, listed in the same call when push is on.
      ...(vapidOf(config) && { thenList: SUBSCRIPTIONS_LIST }),
      rows: [{ read: 0, unset: 'isDeleted' }],
    },
  }
}

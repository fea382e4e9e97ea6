import type { QueryClient } from '@tanstack/react-query'
import type { DisplayItem } from './display-item'
import { addPending } from './outbox'
import { flushOutbox } from './send-queue'
import { behindOffline } from './use-send-message'

/**
 * Sends a message on to `roomId` through the outbox, as one typed there goes: shown at once,
 * queued offline, sent once (its clientId). Only the message's id travels (`forwardOf`): the
 * server copies its words, its file or its GIF from the stored row, so a partner's photo is
 * forwarded without being uploaded again and nothing the page holds is taken on trust.
 */
export function forwardMessage(
  queryClient: QueryClient,
  item: DisplayItem,
  roomId: string,
  senderId: string,
) {
  const behind = behindOffline(roomId)
  addPending({
    clientId: crypto.randomUUID(),
    roomId,
    message: item.text,
    senderId,
    createdAt: new Date().toISOString(),
    state: 'sending',
    forwardOf: item.key,
    ...(item.attachment && { attachment: item.attachment }),
    ...(item.gif && { gif: item.gif }),
    ...(behind && { behind }),
  })
  return flushOutbox(queryClient)
}

/** A sent message that can go on: not a notice, not deleted, not changed here and waiting. */
export const canForward = (item: DisplayItem) =>
  item.kind === 'user' && item.state === 'sent' && item.seq !== null && !item.deletedAt

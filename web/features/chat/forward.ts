import type { QueryClient } from '@tanstack/react-query'
import type { DisplayItem } from './display-item'
import { subscribe } from 'valtio'
import { notify } from '../../lib/notify'
import { addPending, outbox } from './outbox'
import { flushOutbox, takeBack } from './send-queue'
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
  const clientId = crypto.randomUUID()
  addPending({
    clientId,
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
  dropIfGone(queryClient, clientId)
  return flushOutbox(queryClient)
}

/** What a forward queued offline to a room not opened here says (forward-menu.tsx). */
export const forwardQueued = (room: string) => `It goes to “${room}” when the connection is back.`

const GONE = ['message_deleted', 'message_not_found']

/**
 * A forward the server refused because its message was deleted for everyone meanwhile (queued
 * offline, say): no Retry can send it, and its bubble must not keep the words taken back, so it
 * is taken back and the sender told. Watched for this page's life; after a reload it stays
 * "Not sent", with its Delete.
 */
function dropIfGone(queryClient: QueryClient, clientId: string) {
  const stop = subscribe(outbox, () => {
    const item = outbox.items.find((i) => i.clientId === clientId)
    if (item && item.state !== 'sent' && !GONE.includes(String(item.rejected))) return
    stop()
    if (!item || item.state === 'sent') return
    takeBack(queryClient, clientId)
    notify({ type: 'warning', title: 'Forward', body: 'Not forwarded: the message was deleted.' })
  })
}

/** A sent message that can go on: not a notice, not deleted, not changed here and waiting. */
export const canForward = (item: DisplayItem) =>
  item.kind === 'user' && item.state === 'sent' && item.seq !== null && !item.deletedAt

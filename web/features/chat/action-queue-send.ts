import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import { errorMessage, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { tryLater } from '../../lib/try-later'
import { actionQueueKey } from './action-queue-key'
import { isChange, read, slot, write, type Queued } from './action-queue-store'
import { shown, shownReaction } from './action-queue-view'
import { storeMessage } from './apply-message-event'
import { messagesKey } from './messages-query'
import { toMessage, waiting, type Message } from './message-model'

// The action queue's sending (action-queue.ts queues): in order, one tab at a time.

/** A call that got no answer, or the server's own failure: the change waits for another try. */
const mayPassLater = (err: unknown) =>
  isNetworkFailure(err) || (err instanceof ApiError && (err.status >= 500 || err.status === 429))

/** Online, the queue goes now (one already going picks up what was added). */
export const sendSoon = (client: QueryClient, meId: string) =>
  navigator.onLine && void sendQueuedActions(client, meId)

let sending = false
const next = tryLater()

/**
 * Sends what waits, in order. A call that still gets no answer leaves it and the rest queued (and,
 * online, tries again later); a wish changed while its call was out goes again; one the server
 * refuses is taken back, with the toast the same change refused online shows.
 */
export async function sendQueuedActions(client: QueryClient, meId: string) {
  if (sending) return
  sending = true
  try {
    // One tab of the user's sends at a time: a slow call of another's landing after a newer
    // change made here would undo it.
    const send = () => sendAll(client, meId)
    await (navigator.locks ? navigator.locks.request(actionQueueKey(meId), send) : send())
  } finally {
    sending = false
  }
}

async function sendAll(client: QueryClient, meId: string) {
  // After a reload, what waits is laid over the room's pages as it was before.
  for (const q of read(meId)) if (isChange(q)) waiting.set(q.messageId, shown(q))
  // Bounded: a queue the storage will not shorten (blocked, full) is not sent forever.
  for (let q = read(meId)[0], n = 0; q && n < 100; q = read(meId)[0], n++) {
    let stored: Message | null = null
    let on: boolean | null = null
    try {
      if (!isChange(q))
        on = (await productApi.react({ messageId: q.messageId, emoji: q.emoji, on: q.on })).on
      else
        stored = toMessage(
          q.kind === 'edit'
            ? await productApi.editMessage({ messageId: q.messageId, message: q.message })
            : await productApi.deleteMessage({ messageId: q.messageId }),
        )
    } catch (err) {
      if (mayPassLater(err)) return next.after(() => void sendQueuedActions(client, meId))
      refused(client, q, errorMessage(err))
    }
    next.passed()
    const rest = read(meId)
    const now = rest.find((x) => slot(x) === slot(q))
    if (now && JSON.stringify(now) !== JSON.stringify(q)) continue
    write(
      meId,
      rest.filter((x) => x !== now),
    )
    if (isChange(q)) waiting.delete(q.messageId)
    if (stored) storeMessage(client, stored)
    const at = { roomId: q.roomId, messageId: q.messageId, meId }
    if (!isChange(q)) shownReaction(client, at, q.emoji, on ?? !q.on)
  }
}

function refused(client: QueryClient, q: Queued, body: string) {
  // The room's pages are read again: they say what the message is, as the server keeps it.
  if (isChange(q))
    void client.invalidateQueries({ queryKey: messagesKey(q.roomId), refetchType: 'all' })
  // A removal that finds nothing (the message deleted since) has nothing to take back.
  else if (!q.on) return
  const title = !isChange(q)
    ? 'Reaction not saved'
    : q.kind === 'edit'
      ? 'Not edited'
      : 'Not deleted'
  notify({ title, body })
}

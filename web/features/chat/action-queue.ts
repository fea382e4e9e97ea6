import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import { errorMessage, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { tryLater } from '../../lib/try-later'
import { isChange, put, read, slot, write, type Change, type Queued } from './action-queue-store'
import { storeMessage } from './apply-message-event'
import { messagesKey, type MessagesData } from './messages-query'
import { toMessage, waiting, type Message } from './message-model'
import { storeReaction } from './reactions-query'

// What a user does to stored messages without a connection, as messengers keep it: shown at
// once, sent in order once the connection is back (use-outbox-sync.ts asks; online, a failed
// try is tried again by itself), kept across reloads for their user. What waits is the wish: a
// reaction on or off (a toggle back sends a change to nothing), a message's newest words, its
// delete (which drops whatever else waited for it).

type At = { roomId: string; messageId: string; meId: string }

const shownReaction = (client: QueryClient, at: At, emoji: string, on: boolean) =>
  storeReaction(client, { $id: '', ...at, userId: at.meId, emoji }, on)

/** A call that got no answer, or the server's own failure: the change waits for another try. */
const mayPassLater = (err: unknown) =>
  isNetworkFailure(err) || (err instanceof ApiError && (err.status >= 500 || err.status === 429))

/**
 * A reaction whose call got no answer: shown as wished, and queued as the wish (a later toggle
 * replaces it: the server's `on` is a state, so sending one that changes nothing is harmless).
 */
export function queueReaction(client: QueryClient, at: At, emoji: string, on: boolean) {
  if (!put(at.meId, { roomId: at.roomId, messageId: at.messageId, emoji, on })) return false
  shownReaction(client, at, emoji, on)
  sendSoon(client, at.meId)
  return true
}

/** Whether a wish for this reaction of the caller's is still waiting to go. */
export const isQueued = (at: At, emoji: string) =>
  read(at.meId).some((q) => !isChange(q) && slot(q) === `${at.messageId} ${emoji}`)

/** The message as this page holds it, in whichever room's pages. */
export const cachedMessage = (client: QueryClient, messageId: string) =>
  client
    .getQueriesData<MessagesData>({ queryKey: ['messages'] })
    .flatMap(([, data]) => data?.pages.flatMap((p) => p.rows) ?? [])
    .find((m) => m.$id === messageId)

/** Whether an edit or a delete of this message of the sender's still waits to go. */
export const changeWaits = (m: Message) =>
  read(m.senderId).some((q) => isChange(q) && q.messageId === m.$id)

/** How a waiting change shows: new words (its edit time is the server's to set), or deleted. */
const shown = (q: Change): Partial<Message> =>
  q.kind === 'edit'
    ? { roomId: q.roomId, message: q.message, queued: true }
    : {
        roomId: q.roomId,
        message: '',
        attachment: null,
        gif: null,
        replyToId: null,
        deletedAt: new Date().toISOString(),
        queued: true,
      }

/**
 * An edit (new words) or a delete (null) of the sender's own message, made without a connection:
 * shown at once, marked as on its way (`queued`), and queued to go. False when it could not be
 * kept (the storage refused it).
 */
export function queueChange(client: QueryClient, m: Message, words: string | null) {
  const at = { roomId: m.roomId, messageId: m.$id }
  const q: Queued =
    words === null ? { ...at, kind: 'delete' } : { ...at, kind: 'edit', message: words }
  if (!put(m.senderId, q)) return false
  const now = read(m.senderId).find((x) => slot(x) === slot(q))
  if (now && isChange(now)) waiting.set(m.$id, shown(now))
  storeMessage(client, { ...m, ...waiting.get(m.$id) })
  sendSoon(client, m.senderId)
  return true
}

const sendSoon = (client: QueryClient, meId: string) =>
  navigator.onLine && void sendQueuedActions(client, meId)

let sending = false
const next = tryLater()

/**
 * Sends what waits, in order. A call that still gets no answer leaves it and the rest queued (and,
 * online, tries again later); a wish changed while its call was out goes again; one the server
 * refuses is taken back, with the toast the same change refused online shows.
 */
/**
 * What waits, as another tab of this user's left it (the storage event): shown here too, and a
 * change that left the queue there (sent or refused) shown as the server keeps it.
 */
export function showQueued(client: QueryClient, meId: string) {
  const list = read(meId)
  for (const [id, over] of waiting)
    if (!list.some((q) => isChange(q) && q.messageId === id)) {
      // Gone from the queue there: sent or refused. The room's pages say which.
      waiting.delete(id)
      void client.invalidateQueries({ queryKey: messagesKey(over.roomId!) })
    }
  for (const q of list) {
    if (!isChange(q)) {
      shownReaction(client, { roomId: q.roomId, messageId: q.messageId, meId }, q.emoji, q.on)
      continue
    }
    waiting.set(q.messageId, shown(q))
    const m = cachedMessage(client, q.messageId)
    if (m) storeMessage(client, { ...m, ...waiting.get(q.messageId) })
  }
}

export async function sendQueuedActions(client: QueryClient, meId: string) {
  if (sending) return
  sending = true
  try {
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
  } finally {
    sending = false
  }
}

function refused(client: QueryClient, q: Queued, body: string) {
  // The room's pages are read again: they say what the message is, as the server keeps it.
  if (isChange(q)) void client.invalidateQueries({ queryKey: messagesKey(q.roomId) })
  // A removal that finds nothing (the message deleted since) has nothing to take back.
  else if (!q.on) return
  const title = !isChange(q)
    ? 'Reaction not saved'
    : q.kind === 'edit'
      ? 'Not edited'
      : 'Not deleted'
  notify({ title, body })
}

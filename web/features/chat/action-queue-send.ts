import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import { errorMessage, isBackendError, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { tryLater } from '../../lib/try-later'
import { actionQueueKey } from './action-queue-key'
import { isChange, isSaving, read, slot, write, type Queued } from './action-queue-store'
import { shown, shownReaction } from './action-queue-view'
import { storeMessage } from './apply-message-event'
import { messagesKey } from './messages-query'
import { loadBookmarkWrite } from './message-parts'
import { rememberSaved } from '../bookmarks/room-bookmarks'
import { toMessage, waiting, type Message } from './message-model'

// The action queue's sending (action-queue.ts queues): in order, one tab at a time.

/** A call that got no answer, or the server's own failure: the change waits for another try. */
const mayPassLater = (err: unknown) =>
  isNetworkFailure(err) ||
  (err instanceof ApiError && (err.status >= 500 || err.status === 429)) ||
  (isBackendError(err) && (err.code >= 500 || err.code === 429))

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
    let done: Done | null = null
    try {
      done = await call(q, meId)
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
    settle(client, q, done, meId)
  }
}

/** What a call's answer says: the stored message, a reaction's state, a bookmark's row. */
type Done = { stored?: Message; on?: boolean; rowId?: string }

async function call(q: Queued, meId: string): Promise<Done> {
  const { messageId } = q
  if (q.kind === 'edit')
    return { stored: toMessage(await productApi.editMessage({ messageId, message: q.message })) }
  if (q.kind === 'delete')
    return { stored: toMessage(await productApi.deleteMessage({ messageId })) }
  if (!isSaving(q))
    return { on: (await productApi.react({ messageId, emoji: q.emoji, on: q.on })).on }
  const bookmarks = await loadBookmarkWrite()
  if (q.kind === 'bookmark')
    return { rowId: (await bookmarks.bookmarkMessage(meId, q.saved)).rowId }
  // Removed already (the bookmarks page, another tab): what was asked holds.
  await bookmarks.removeBookmark(q.rowId).catch((err: unknown) => {
    if (!(isBackendError(err) && err.code === 404)) throw err
  })
  return {}
}

/** Shown as it went, or (refused: no answer) as it was before. */
function settle(client: QueryClient, q: Queued, done: Done | null, meId: string) {
  if (isChange(q)) {
    waiting.delete(q.messageId)
    if (done?.stored) storeMessage(client, done.stored)
  } else if (isSaving(q)) {
    const rowId = q.kind === 'bookmark' ? done?.rowId : done ? undefined : q.rowId
    rememberSaved(client, q.roomId, q.messageId, rowId)
  } else {
    const at = { roomId: q.roomId, messageId: q.messageId, meId }
    shownReaction(client, at, q.emoji, done?.on ?? !q.on)
  }
}

function refused(client: QueryClient, q: Queued, body: string) {
  // The room's pages are read again: they say what the message is, as the server keeps it.
  if (isChange(q))
    void client.invalidateQueries({ queryKey: messagesKey(q.roomId), refetchType: 'all' })
  // A removal that finds nothing (the message deleted since) has nothing to take back.
  else if (!isSaving(q) && !q.on) return
  const title = isSaving(q)
    ? 'Bookmarks'
    : q.kind === 'edit'
      ? 'Not edited'
      : q.kind === 'delete'
        ? 'Not deleted'
        : 'Reaction not saved'
  notify({ title, body })
}

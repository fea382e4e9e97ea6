import type { QueryClient } from '@tanstack/react-query'
import { isChange, isSaving, put, read, slot, type Queued, type Saving } from './action-queue-store'
import { rememberSaved } from '../bookmarks/room-bookmarks'
import { sendSoon } from './action-queue-send'
import { cachedMessage, shown, shownReaction, type At } from './action-queue-view'
import { storeMessage } from './apply-message-event'
import { messagesKey } from './messages-query'
import { waiting, type Message } from './message-model'
import { reactionsKey } from './reactions-query'

export { sendQueuedActions } from './action-queue-send'
export { cachedMessage } from './action-queue-view'

// What a user does to stored messages without a connection, as messengers keep it: shown at
// once, sent in order once the connection is back (use-outbox-sync.ts asks; online, a failed
// try is tried again by itself), kept across reloads for their user. What waits is the wish: a
// reaction on or off (a toggle back sends a change to nothing), a message's newest words, its
// delete (which drops whatever else waited for it).

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

/** Whether an edit or a delete of this message of the sender's still waits to go. */
export const changeWaits = (m: Message) =>
  read(m.senderId).some((q) => isChange(q) && q.messageId === m.$id)

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

/**
 * A message bookmarked, or a bookmark removed, without a connection: the room's menus offer the
 * other at once, and it goes with the queue. False when it could not be kept.
 */
export function queueSaving(client: QueryClient, meId: string, q: Saving) {
  if (!put(meId, q)) return false
  // A stand-in row id: removed again before it went, its removal finds nothing, as it should.
  const rowId = q.kind === 'bookmark' ? `queued-${q.messageId}` : undefined
  rememberSaved(client, q.roomId, q.messageId, rowId)
  sendSoon(client, meId)
  return true
}

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
      void client.invalidateQueries({ queryKey: messagesKey(over.roomId!), refetchType: 'all' })
    }
  for (const [key, roomId] of wishes)
    if (!list.some((q) => slot(q) === key)) {
      wishes.delete(key)
      void client.invalidateQueries({ queryKey: reactionsKey(roomId), refetchType: 'all' })
    }
  for (const q of list) {
    // A bookmark shows here once it went (the bookmarks' realtime events).
    if (isSaving(q)) continue
    if (!isChange(q)) {
      wishes.set(slot(q), q.roomId)
      shownReaction(client, { roomId: q.roomId, messageId: q.messageId, meId }, q.emoji, q.on)
      continue
    }
    waiting.set(q.messageId, shown(q))
    const m = cachedMessage(client, q.messageId)
    if (m) storeMessage(client, { ...m, ...waiting.get(q.messageId) })
  }
  // Online, this tab sends what another left waiting (it may be closed since).
  sendSoon(client, meId)
}

// Reactions another tab's queue showed here, by slot: one that leaves it is read again.
const wishes = new Map<string, string>()

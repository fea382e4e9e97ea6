import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import { errorMessage, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { reactionQueueKey } from './reaction-queue-key'
import { storeReaction } from './reactions-query'

// Reactions made without a connection, as messengers keep them: shown at once, sent in order
// once the connection is back (use-outbox-sync.ts asks), kept across reloads for their user. What
// waits is the wish (on or off), so a toggle back before it went sends a change to nothing.

type Queued = { roomId: string; messageId: string; emoji: string; on: boolean }
type At = { roomId: string; messageId: string; meId: string }

function read(meId: string): Queued[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(reactionQueueKey(meId)) ?? '[]')
    return Array.isArray(list) ? (list as Queued[]) : []
  } catch {
    return []
  }
}

function write(meId: string, list: Queued[]) {
  try {
    if (list.length) localStorage.setItem(reactionQueueKey(meId), JSON.stringify(list))
    else localStorage.removeItem(reactionQueueKey(meId))
  } catch {
    // Storage full or blocked: the reaction shows here, and is not kept to go later.
  }
}

const shown = (client: QueryClient, at: At, emoji: string, on: boolean) =>
  storeReaction(client, { $id: '', ...at, userId: at.meId, emoji }, on)

const same = (q: Queued, messageId: string, emoji: string) =>
  q.messageId === messageId && q.emoji === emoji

/** A call that got no answer, or the server's own failure: the reaction waits for another try. */
const mayPassLater = (err: unknown) =>
  isNetworkFailure(err) || (err instanceof ApiError && (err.status >= 500 || err.status === 429))

/**
 * A reaction whose call got no answer: shown as wished, and queued as the wish (a later toggle
 * replaces it: the server's `on` is a state, so sending one that changes nothing is harmless).
 */
export function queueReaction(client: QueryClient, at: At, emoji: string, on: boolean) {
  const list = read(at.meId).filter((q) => !same(q, at.messageId, emoji))
  write(at.meId, [...list, { roomId: at.roomId, messageId: at.messageId, emoji, on }])
  shown(client, at, emoji, on)
}

/** Whether a wish for this reaction of the caller's is still waiting to go. */
export const isQueued = (at: At, emoji: string) =>
  read(at.meId).some((q) => same(q, at.messageId, emoji))

let sending = false

/**
 * Sends what waits, in order. A call that still gets no answer leaves it and the rest queued; a
 * wish changed while its call was out goes again; one the server refuses is taken back.
 */
export async function sendQueuedReactions(client: QueryClient, meId: string) {
  if (sending) return
  sending = true
  try {
    // Bounded: a queue the storage will not shorten (blocked, full) is not sent forever.
    for (let q = read(meId)[0], n = 0; q && n < 100; q = read(meId)[0], n++) {
      const at = { roomId: q.roomId, messageId: q.messageId, meId }
      let on: boolean | null = null
      try {
        on = (await productApi.react({ messageId: q.messageId, emoji: q.emoji, on: q.on })).on
      } catch (err) {
        if (mayPassLater(err)) return
        // A removal that finds nothing (the message deleted since) has nothing to take back.
        if (q.on) notify({ title: 'Reaction not saved', body: errorMessage(err) })
      }
      const rest = read(meId)
      const now = rest.find((x) => same(x, q.messageId, q.emoji))
      if (now && now.on !== q.on) continue
      write(
        meId,
        rest.filter((x) => x !== now),
      )
      shown(client, at, q.emoji, on ?? !q.on)
    }
  } finally {
    sending = false
  }
}

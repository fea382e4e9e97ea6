import type { QueryClient } from '@tanstack/react-query'
import { errorMessage, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { reactionQueueKey } from './reaction-queue-key'
import { storeReaction } from './reactions-query'

// Reactions made without a connection, as messengers keep them: shown at once, sent in order
// once the connection is back (use-outbox-sync.ts asks), kept across reloads for their user. A
// toggle back before it went cancels it. One the server refuses is taken back, with a toast.

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
    // Storage full or blocked: it waits as long as the page does.
  }
}

const shown = (client: QueryClient, at: At, emoji: string, on: boolean) =>
  storeReaction(client, { $id: '', ...at, userId: at.meId, emoji }, on)

const same = (q: Queued, messageId: string, emoji: string) =>
  q.messageId === messageId && q.emoji === emoji

/** A reaction whose call got no answer: shown as made, and queued (or a queued one undone). */
export function queueReaction(client: QueryClient, at: At, emoji: string, on: boolean) {
  const list = read(at.meId)
  const i = list.findIndex((q) => same(q, at.messageId, emoji))
  if (i >= 0) list.splice(i, 1)
  else list.push({ roomId: at.roomId, messageId: at.messageId, emoji, on })
  write(at.meId, list)
  shown(client, at, emoji, on)
}

/** Whether the caller's toggle of this reaction is still waiting to go. */
export const isQueued = (at: At, emoji: string) =>
  read(at.meId).some((q) => same(q, at.messageId, emoji))

let sending = false

/** Sends what waits, in order; a call that still gets no answer leaves it and the rest queued. */
export async function sendQueuedReactions(client: QueryClient, meId: string) {
  if (sending) return
  sending = true
  try {
    for (let q = read(meId)[0]; q; q = read(meId)[0]) {
      const at = { roomId: q.roomId, messageId: q.messageId, meId }
      try {
        const { on } = await productApi.react({ messageId: q.messageId, emoji: q.emoji, on: q.on })
        shown(client, at, q.emoji, on)
      } catch (err) {
        if (isNetworkFailure(err)) return
        shown(client, at, q.emoji, !q.on)
        notify({ title: 'Reaction not saved', body: errorMessage(err) })
      }
      const rest = read(meId)
      const k = rest.findIndex((x) => same(x, q.messageId, q.emoji) && x.on === q.on)
      if (k >= 0) rest.splice(k, 1)
      write(meId, rest)
    }
  } finally {
    sending = false
  }
}

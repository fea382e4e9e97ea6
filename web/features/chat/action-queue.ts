import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import { errorMessage, isNetworkFailure } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { actionQueueKey, legacyReactionKey } from './action-queue-key'
import { storeMessage } from './apply-message-event'
import { messagesKey, type MessagesData } from './messages-query'
import { toMessage, type Message } from './message-model'
import { storeReaction } from './reactions-query'

// What a user does to stored messages without a connection, as messengers keep it: shown at
// once, sent in order once the connection is back (use-outbox-sync.ts asks), kept across reloads
// for their user. What waits is the wish: a reaction on or off (a toggle back sends a change to
// nothing), a message's newest words, its delete (which drops whatever else waited for it).

type Reaction = { kind?: 'react'; roomId: string; messageId: string; emoji: string; on: boolean }
type Change = { roomId: string; messageId: string } & (
  { kind: 'edit'; message: string } | { kind: 'delete' }
)
type Queued = Reaction | Change
type At = { roomId: string; messageId: string; meId: string }

const isChange = (q: Queued): q is Change => q.kind === 'edit' || q.kind === 'delete'
// One wish per reaction, one per message's words or delete.
const slot = (q: Queued) => (isChange(q) ? q.messageId : `${q.messageId} ${q.emoji}`)

function parse(key: string): Queued[] {
  const list: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
  return Array.isArray(list) ? (list as Queued[]) : []
}

function read(meId: string): Queued[] {
  try {
    const legacy = parse(legacyReactionKey(meId))
    const list = [...parse(actionQueueKey(meId)), ...legacy]
    if (legacy.length) write(meId, list)
    localStorage.removeItem(legacyReactionKey(meId))
    return list
  } catch {
    return []
  }
}

function write(meId: string, list: Queued[]) {
  try {
    if (list.length) localStorage.setItem(actionQueueKey(meId), JSON.stringify(list))
    else localStorage.removeItem(actionQueueKey(meId))
  } catch {
    // Storage full or blocked: the change shows here, and is not kept to go later.
  }
}

/** Queues `q` in place of the wish it replaces; a delete replaces all that waited for its message. */
function put(meId: string, q: Queued) {
  const gone = (x: Queued) =>
    slot(x) === slot(q) || (q.kind === 'delete' && x.messageId === q.messageId)
  write(meId, [...read(meId).filter((x) => !gone(x)), q])
}

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
  put(at.meId, { roomId: at.roomId, messageId: at.messageId, emoji, on })
  shownReaction(client, at, emoji, on)
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

/**
 * An edit (new words) or a delete of the sender's own message, made without a connection: shown
 * at once, marked as on its way (`queued`), and queued to go.
 */
export function queueChange(client: QueryClient, m: Message, words: string | null) {
  const at = { roomId: m.roomId, messageId: m.$id }
  put(
    m.senderId,
    words === null ? { ...at, kind: 'delete' } : { ...at, kind: 'edit', message: words },
  )
  const now = new Date().toISOString()
  const change =
    words === null
      ? {
          message: '',
          attachment: null,
          gif: null,
          replyToId: null,
          editedAt: null,
          deletedAt: now,
        }
      : { message: words, editedAt: now }
  storeMessage(client, { ...m, ...change, queued: true })
}

let sending = false

/**
 * Sends what waits, in order. A call that still gets no answer leaves it and the rest queued; a
 * wish changed while its call was out goes again; one the server refuses is taken back, with
 * the toast the same change refused online shows.
 */
export async function sendQueuedActions(client: QueryClient, meId: string) {
  if (sending) return
  sending = true
  try {
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
        if (mayPassLater(err)) return
        refused(client, q, errorMessage(err))
      }
      const rest = read(meId)
      const now = rest.find((x) => slot(x) === slot(q))
      if (now && JSON.stringify(now) !== JSON.stringify(q)) continue
      write(
        meId,
        rest.filter((x) => x !== now),
      )
      if (stored) storeMessage(client, stored)
      if (!isChange(q)) shownReaction(client, { ...q, meId }, q.emoji, on ?? !q.on)
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

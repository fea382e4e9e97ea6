import type { Attachment, GifRef, Message, PendingMessage } from './message-model'

/** One row of the message list: a confirmed message or an optimistic one. */
export type DisplayItem = {
  key: string
  at: Date
  senderId: string
  kind: 'user' | 'system'
  text: string
  seq: number | null
  clientId: string | null
  state: 'sent' | 'sending' | 'failed'
  attachment: Attachment | null
  /** While its file is not in the bucket yet (pending messages only). */
  upload: PendingMessage['upload'] | null
  replyToId: string | null
  editedAt: string | null
  deletedAt: string | null
  gif: GifRef | null
}

// One item per message object: a row whose message did not change gets the same props, so the
// memoized row (message-list.tsx) skips it when an older page or a new message arrives.
const items = new WeakMap<Message, DisplayItem>()

export function fromMessage(m: Message): DisplayItem {
  let item = items.get(m)
  if (!item) items.set(m, (item = toItem(m)))
  return item
}

const toItem = (m: Message): DisplayItem => ({
  key: m.$id,
  at: new Date(m.$createdAt),
  senderId: m.senderId,
  kind: m.kind,
  text: m.message,
  seq: m.seq,
  clientId: m.clientId,
  state: 'sent',
  attachment: m.attachment,
  upload: null,
  replyToId: m.replyToId,
  editedAt: m.editedAt,
  deletedAt: m.deletedAt,
  gif: m.gif,
})

// The same for optimistic copies: the list passes valtio snapshots, which keep their object while
// unchanged. A new item per render re-rendered every queued row on each send (a soak on a busy
// machine queued hundreds).
const pendingItems = new WeakMap<PendingMessage, DisplayItem>()

export function fromPending(p: PendingMessage): DisplayItem {
  let item = pendingItems.get(p)
  if (!item) pendingItems.set(p, (item = toPendingItem(p)))
  return item
}

const toPendingItem = (p: PendingMessage): DisplayItem => ({
  key: `pending-${p.clientId}`,
  at: new Date(p.createdAt),
  senderId: p.senderId,
  kind: 'user',
  text: p.message,
  seq: null,
  clientId: p.clientId,
  state: p.state,
  attachment: p.attachment ?? null,
  upload: p.upload ?? null,
  replyToId: p.replyToId ?? null,
  editedAt: null,
  deletedAt: null,
  gif: p.gif ?? null,
})

// Captions only, as the server's search (`contains` on the message text) finds them.
export const matchesSearch = (item: DisplayItem, search: string) =>
  !search.trim() || item.text.toLowerCase().includes(search.trim().toLowerCase())

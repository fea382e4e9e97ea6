import { shownFileName } from '../../../shared/media-box'
import { searchTextOf } from '../../../shared/text-format'
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
  /** Refused by the server (not a lost connection): only a Retry sends it again. */
  rejected: boolean
  attachment: Attachment | null
  /** While its file is not in the bucket yet (pending messages only). */
  upload: PendingMessage['upload'] | null
  replyToId: string | null
  editedAt: string | null
  deletedAt: string | null
  gif: GifRef | null
  forwarded: boolean
}

/**
 * One item per source object: the list passes stored messages and valtio snapshots of queued
 * ones, both of which keep their object while unchanged, so a row gets the same props and the
 * memoized row (message-list.tsx) skips it when an older page or a new message arrives. A new
 * item per render re-rendered every row on each send (a soak on a busy machine queued hundreds).
 */
function onePerObject<T extends object>(toItem: (source: T) => DisplayItem) {
  const items = new WeakMap<T, DisplayItem>()
  return (source: T): DisplayItem => {
    let item = items.get(source)
    if (!item) items.set(source, (item = toItem(source)))
    return item
  }
}

/** The id of a message's text in the log: its "⋯" is described by it. */
export const messageTextId = (key: string) => `msg-text-${key}`

export const fromMessage = onePerObject<Message>((m) => ({
  key: m.$id,
  at: new Date(m.$createdAt),
  senderId: m.senderId,
  kind: m.kind,
  text: m.message,
  seq: m.seq,
  clientId: m.clientId,
  state: m.queued ? 'sending' : 'sent',
  rejected: false,
  attachment: m.attachment,
  upload: null,
  replyToId: m.replyToId,
  editedAt: m.editedAt,
  deletedAt: m.deletedAt,
  gif: m.gif,
  forwarded: m.forwarded,
}))

export const fromPending = onePerObject<PendingMessage>((p) => ({
  key: `pending-${p.clientId}`,
  at: new Date(p.createdAt),
  senderId: p.senderId,
  kind: 'user',
  text: p.message,
  seq: null,
  clientId: p.clientId,
  state: p.state,
  rejected: !!p.rejected,
  attachment: p.attachment ?? null,
  upload: p.upload ?? null,
  replyToId: p.replyToId ?? null,
  editedAt: null,
  deletedAt: null,
  gif: p.gif ?? null,
  forwarded: !!p.forwardOf,
}))

// The text as read, and the name of a file shown by name: the server's search (`contains` on the
// message, or on `searchText`, shared/text-format.ts) finds "see you" in "*see* you" and
// "report" in a "report.pdf". Only a text with a marker's character is parsed for it.
export function matchesSearch(item: DisplayItem, search: string) {
  const term = search.trim().toLowerCase()
  const a = item.attachment
  const words = [
    searchTextOf(item.text) ?? item.text,
    a && shownFileName(a.type, a.name, a.duration),
  ]
  // A notice ("Ben Franklin verified their email") is the app's, not what was said: a search for
  // "Ben" counted every one of them.
  return !term || (item.kind !== 'system' && words.some((w) => w?.toLowerCase().includes(term)))
}

export type Hit = [start: number, end: number]

/**
 * Where `term` is in `text` (case-insensitive, as matchesSearch), never overlapping. A text whose
 * lowercase changes its length (a few letters do) has none rather than some at the wrong place.
 */
export function searchHits(text: string, term: string): Hit[] {
  const needle = term.trim().toLowerCase()
  const hay = text.toLowerCase()
  const hits: Hit[] = []
  if (!needle || hay.length !== text.length) return hits
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length))
    hits.push([at, at + needle.length])
  return hits
}

/**
 * A run of text that starts at `offset` of the text searched, cut into pieces, those inside a hit
 * flagged: the search's matches, marked where a result is shown, also across styled runs.
 */
export function searchRuns(text: string, hits: Hit[], offset = 0) {
  const runs: { text: string; hit: boolean }[] = []
  let from = 0
  for (const [a, b] of hits) {
    const start = Math.max(a - offset, from)
    const end = Math.min(b - offset, text.length)
    if (end <= start) continue
    if (start > from) runs.push({ text: text.slice(from, start), hit: false })
    runs.push({ text: text.slice(start, end), hit: true })
    from = end
  }
  if (from < text.length || !runs.length) runs.push({ text: text.slice(from), hit: false })
  return runs
}

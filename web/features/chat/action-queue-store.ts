import type { SavedMessage } from '../bookmarks/bookmark-write'
import { actionQueueKey, legacyReactionKey } from './action-queue-key'

// Where the changes made without a connection wait (action-queue.ts): one list per user in
// localStorage, in the order they were made.

export type Reaction = {
  kind?: 'react'
  roomId: string
  messageId: string
  emoji: string
  on: boolean
}
export type Change = { roomId: string; messageId: string } & (
  { kind: 'edit'; message: string } | { kind: 'delete' }
)
/** A message saved as a bookmark (its copy as it read then), or one's bookmark removed. */
export type Saving = { roomId: string; messageId: string } & (
  { kind: 'bookmark'; saved: SavedMessage } | { kind: 'unbookmark'; rowId: string }
)
export type Queued = Reaction | Change | Saving

export const isChange = (q: Queued): q is Change => q.kind === 'edit' || q.kind === 'delete'
export const isSaving = (q: Queued): q is Saving => q.kind === 'bookmark' || q.kind === 'unbookmark'
// One wish per reaction, one per message's words or delete, one per message's bookmark.
export const slot = (q: Queued) =>
  isChange(q) ? q.messageId : isSaving(q) ? `${q.messageId} bookmark` : `${q.messageId} ${q.emoji}`

function parse(key: string): Queued[] {
  const list: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
  return Array.isArray(list) ? (list as Queued[]) : []
}

export function read(meId: string): Queued[] {
  try {
    const list = parse(actionQueueKey(meId))
    // Reactions that waited where they did before edits and deletes could wait too: moved here,
    // and their old place emptied only once they are kept here.
    const legacy = parse(legacyReactionKey(meId))
    if (!legacy.length || !write(meId, [...list, ...legacy])) return list
    localStorage.removeItem(legacyReactionKey(meId))
    return [...list, ...legacy]
  } catch {
    return []
  }
}

/** Stores the list; false when the storage refused it (full or blocked). */
export function write(meId: string, list: Queued[]) {
  try {
    if (list.length) localStorage.setItem(actionQueueKey(meId), JSON.stringify(list))
    else localStorage.removeItem(actionQueueKey(meId))
    return true
  } catch {
    return false
  }
}

/**
 * Queues `q` in place of the wish it replaces. A delete replaces the message's edits and
 * reactions too, and none of those is queued after it; a bookmark outlives its message. False
 * when the storage refused it.
 */
export function put(meId: string, q: Queued) {
  const list = read(meId)
  const mine = (x: Queued) => x.messageId === q.messageId && !isSaving(x)
  if (!isSaving(q) && list.some((x) => mine(x) && x.kind === 'delete')) return true
  const gone = (x: Queued) => slot(x) === slot(q) || (q.kind === 'delete' && mine(x))
  return write(meId, [...list.filter((x) => !gone(x)), q])
}

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
export type Queued = Reaction | Change

export const isChange = (q: Queued): q is Change => q.kind === 'edit' || q.kind === 'delete'
// One wish per reaction, one per message's words or delete.
export const slot = (q: Queued) => (isChange(q) ? q.messageId : `${q.messageId} ${q.emoji}`)

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
 * Queues `q` in place of the wish it replaces; a delete replaces all that waited for its message,
 * and nothing replaces a delete. False when the storage refused it.
 */
export function put(meId: string, q: Queued) {
  const list = read(meId)
  const deleted = (x: Queued) => x.messageId === q.messageId && x.kind === 'delete'
  if (list.some(deleted)) return true
  const gone = (x: Queued) =>
    slot(x) === slot(q) || (q.kind === 'delete' && x.messageId === q.messageId)
  return write(meId, [...list.filter((x) => !gone(x)), q])
}

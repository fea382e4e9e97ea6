// Unsent composer text per user and room, and the message it answers, kept in localStorage so
// both survive switching rooms and reloads. Only what the user typed or chose is stored; each is
// removed once sent, emptied or cancelled.
import { proxy } from 'valtio'
import { DRAFT_PREFIX as PREFIX, draftKey as keyOf } from '../../../shared/draft-key'

/** Counts this tab's draft writes: the sidebar's draft marks read the drafts again on each. */
export const draftWrites = proxy({ n: 0 })

const REPLY_PREFIX = `${PREFIX}-reply`

export function readDraft(userId: string, roomId: string, prefix = PREFIX): string {
  try {
    return localStorage.getItem(keyOf(userId, roomId, prefix)) ?? ''
  } catch {
    return ''
  }
}

export function writeDraft(userId: string, roomId: string, text: string, prefix = PREFIX) {
  try {
    const key = keyOf(userId, roomId, prefix)
    const had = !!localStorage.getItem(key)
    if (text) localStorage.setItem(key, text)
    else localStorage.removeItem(key)
    // Only a room's gaining or losing its draft changes a mark, not each key typed.
    if (prefix === PREFIX && had !== !!text) draftWrites.n++
  } catch {
    // Storage full or blocked: the draft then lives only as long as the page.
  }
}

/** The rooms where this user has unsent text. */
export function roomsWithDraft(userId: string): Set<string> {
  const start = keyOf(userId, '', PREFIX)
  const rooms = new Set<string>()
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith(start) && localStorage.getItem(key)) rooms.add(key.slice(start.length))
    }
  } catch {
    // Storage blocked: no marks.
  }
  return rooms
}

/** The id of the message the room's draft answers ('' when none). */
export const readReplyDraft = (userId: string, roomId: string) =>
  readDraft(userId, roomId, REPLY_PREFIX)

export const writeReplyDraft = (userId: string, roomId: string, messageId: string) =>
  writeDraft(userId, roomId, messageId, REPLY_PREFIX)

// Unsent composer text per user and room, and the message it answers, kept in localStorage so
// both survive switching rooms and reloads. Only what the user typed or chose is stored; each is
// removed once sent, emptied or cancelled.
import { DRAFT_PREFIX as PREFIX, draftKey as keyOf } from '../../../shared/draft-key'

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
    if (text) localStorage.setItem(keyOf(userId, roomId, prefix), text)
    else localStorage.removeItem(keyOf(userId, roomId, prefix))
  } catch {
    // Storage full or blocked: the draft then lives only as long as the page.
  }
}

/** The id of the message the room's draft answers ('' when none). */
export const readReplyDraft = (userId: string, roomId: string) =>
  readDraft(userId, roomId, REPLY_PREFIX)

export const writeReplyDraft = (userId: string, roomId: string, messageId: string) =>
  writeDraft(userId, roomId, messageId, REPLY_PREFIX)

import { EDIT_WINDOW_MS } from '../../../shared/constants'
import { mediaKind } from '../../../shared/media-box'
import { startEdit } from './message-intent'
import { flattenPages, type Message, type MessagePage } from './message-model'
import { outbox } from './outbox'
import { revealRow } from './row-reveal'

// ArrowUp in the empty composer edits the sender's last message, as in other messengers. Part of
// the message menu's lazy chunk (message-ops.ts): the key's check stays in the composer, and in
// an empty box ArrowUp has nothing of its own to do while the chunk comes.

/**
 * The newest of the sender's messages they may still edit (24 h) and that has something to edit
 * (a text, or a file's caption: a voice message's only once it has one, as a blank caption box
 * under a recording is nothing a writer pressing ArrowUp meant).
 */
export function lastEditable(messages: readonly Message[], meId: string, now: number) {
  return messages.findLast(
    (m) =>
      m.senderId === meId &&
      m.kind === 'user' &&
      !m.deletedAt &&
      (m.message || (m.attachment && !isVoice(m.attachment))) &&
      now - Date.parse(m.$createdAt) < EDIT_WINDOW_MS,
  )
}

/**
 * Opens the editor on the last editable message among the room's loaded `pages`. Not while a message of the
 * sender's in the room is still unsent: that one is the last, and it has no row yet.
 */
export function editLast(
  pages: readonly MessagePage[],
  roomId: string,
  meId: string,
  from: HTMLElement,
) {
  if (outbox.items.some((i) => i.roomId === roomId && i.state !== 'sent')) return
  const last = lastEditable(flattenPages(pages), meId, Date.now())
  if (!last) return
  // Drawn first when the list's window had left it out; the editor then scrolls to it.
  revealRow(roomId, last.$id)
  startEdit(last.$id, from)
}

const isVoice = (a: { type: string; duration?: number | null }) =>
  mediaKind(a.type, a.duration) === 'voice'

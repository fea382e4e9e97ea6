import { proxy } from 'valtio'

/** What the user is doing with one message: answering it (composer) or editing it (in place). */
export const messageIntent = proxy({
  replyTo: null as { roomId: string; messageId: string } | null,
  editingId: null as string | null,
})

export function startReply(roomId: string, messageId: string) {
  messageIntent.editingId = null
  messageIntent.replyTo = { roomId, messageId }
  // The composer takes the cursor, as in other messengers.
  document.querySelector<HTMLTextAreaElement>('.composer textarea')?.focus()
}

export const cancelReply = () => {
  messageIntent.replyTo = null
}

export function startEdit(messageId: string) {
  messageIntent.replyTo = null
  messageIntent.editingId = messageId
}

export const stopEdit = () => {
  messageIntent.editingId = null
}

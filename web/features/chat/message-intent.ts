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
  focusComposer()
}

/** The open room's composer takes the cursor. */
export const focusComposer = () =>
  document.querySelector<HTMLTextAreaElement>('.composer textarea')?.focus()

export const cancelReply = () => {
  messageIntent.replyTo = null
}

// Where the cursor goes back when the edit ends (the composer or the menu's button). A DOM
// element, so beside the proxy rather than in it.
let editFrom: HTMLElement | null = null
// The edit's text as typed so far: the editor is drawn again when its room is opened again, and
// takes it up (null: the message's own text).
let editText: string | null = null

export function startEdit(messageId: string, from?: HTMLElement | null) {
  messageIntent.replyTo = null
  messageIntent.editingId = messageId
  editFrom = from ?? null
  editText = null
}

export const keepEditText = (text: string) => {
  editText = text
}
export const editTextSoFar = () => editText

export const stopEdit = () => {
  messageIntent.editingId = null
  editText = null
  const back = editFrom
  editFrom = null
  // Once the editor, which held the focus, is gone; never away from where the user went since.
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body
    if (back?.isConnected && lost) back.focus({ preventScroll: true })
  })
}

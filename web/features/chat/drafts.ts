// Unsent composer text per user and room, kept in localStorage so it survives switching rooms and
// reloads. Only what the user typed is stored; it is removed once sent or emptied.
const PREFIX = 'kathelia-draft'

const keyOf = (userId: string, roomId: string) => `${PREFIX}:${userId}:${roomId}`

export function readDraft(userId: string, roomId: string): string {
  try {
    return localStorage.getItem(keyOf(userId, roomId)) ?? ''
  } catch {
    return ''
  }
}

export function writeDraft(userId: string, roomId: string, text: string) {
  try {
    if (text) localStorage.setItem(keyOf(userId, roomId), text)
    else localStorage.removeItem(keyOf(userId, roomId))
  } catch {
    // Storage full or blocked: the draft then lives only as long as the page.
  }
}

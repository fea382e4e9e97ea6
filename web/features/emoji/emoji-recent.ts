// The emoji a user picked last on this device, newest first (as drafts are kept: per user).
const MAX = 24
const keyOf = (userId: string) => `kathelia-emoji:${userId}`

export function readRecent(userId: string): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]')
    return Array.isArray(list) ? list.filter((e) => typeof e === 'string').slice(0, MAX) : []
  } catch {
    return []
  }
}

export function rememberEmoji(userId: string, emoji: string) {
  const list = [emoji, ...readRecent(userId).filter((e) => e !== emoji)].slice(0, MAX)
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(list))
  } catch {
    // Storage full or refused: the list is a convenience.
  }
}

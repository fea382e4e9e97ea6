/** A room's reactions are read in pages of this many (two people react little). */
export const REACTIONS_PAGE = 1000

// A reaction row as the room keeps it, in the SPA's cache and in the Worker's first load; pure,
// so it is tested without the SDK.
export type Reaction = {
  $id: string
  messageId: string
  roomId: string
  userId: string
  emoji: string
}

// The caller's own answered toggle has no row id yet: it matches by its three parts.
const same = (a: Reaction, b: Reaction) =>
  (!!a.$id && a.$id === b.$id) ||
  (a.messageId === b.messageId && a.userId === b.userId && a.emoji === b.emoji)

export const toReaction = (row: Record<string, unknown>): Reaction => ({
  $id: String(row.$id),
  messageId: String(row.messageId ?? ''),
  roomId: String(row.roomId ?? ''),
  userId: String(row.userId ?? ''),
  emoji: String(row.emoji ?? ''),
})

/** A reaction set or removed: applied once, whether it comes from realtime or from the answer. */
export function applyReaction(list: readonly Reaction[], r: Reaction, on: boolean): Reaction[] {
  const rest = list.filter((x) => !same(x, r))
  return on ? [...rest, r] : rest
}

/** A message's reactions by emoji, in the order each first came, with who gave it. */
export function groupReactions(list: readonly Reaction[]): [emoji: string, users: string[]][] {
  const groups = new Map<string, string[]>()
  for (const r of list) groups.set(r.emoji, [...(groups.get(r.emoji) ?? []), r.userId])
  return [...groups]
}

export type Bookmark = {
  $id: string
  $createdAt: string
  kind: 'link' | 'message'
  url: string
  title: string
  note: string
  messageId: string
  roomId: string
  roomName: string
  senderId: string
  senderName: string
  excerpt: string
  messageSeq: number | null
  messageAt: string | null
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

export const toBookmark = (row: Record<string, unknown>): Bookmark => ({
  $id: String(row.$id),
  $createdAt: String(row.$createdAt),
  kind: row.kind === 'message' ? 'message' : 'link',
  url: text(row.url),
  title: text(row.title),
  note: text(row.note),
  messageId: text(row.messageId),
  roomId: text(row.roomId),
  roomName: text(row.roomName),
  senderId: text(row.senderId),
  senderName: text(row.senderName),
  excerpt: text(row.excerpt),
  messageSeq: typeof row.messageSeq === 'number' ? row.messageSeq : null,
  messageAt: typeof row.messageAt === 'string' && row.messageAt ? row.messageAt : null,
})

/** Newest first; a live event adds, replaces or drops one bookmark. */
export function applyBookmarkEvent(list: Bookmark[], b: Bookmark, deleted: boolean): Bookmark[] {
  const rest = list.filter((x) => x.$id !== b.$id)
  if (deleted) return rest
  return [b, ...rest].sort((x, y) => y.$createdAt.localeCompare(x.$createdAt))
}

export type Message = {
  $id: string
  $createdAt: string
  roomId: string
  message: string
  senderId: string
  kind: 'user' | 'system'
  clientId: string | null
  seq: number
}

/** A message the server has not confirmed yet (optimistic append) or refused. */
export type PendingMessage = {
  clientId: string
  roomId: string
  message: string
  senderId: string
  createdAt: string
  state: 'sending' | 'failed'
}

export type MessagePage = { rows: Message[] }

export const toMessage = (row: Record<string, unknown>): Message => ({
  $id: String(row.$id),
  $createdAt: String(row.$createdAt),
  roomId: String(row.roomId),
  message: String(row.message ?? ''),
  senderId: String(row.senderId ?? ''),
  kind: row.kind === 'system' ? 'system' : 'user',
  clientId: typeof row.clientId === 'string' && row.clientId ? row.clientId : null,
  seq: Number(row.seq ?? 0),
})

/** All loaded pages → one list in server order (seq ascending), each message once. */
export function flattenPages(pages: readonly MessagePage[]): Message[] {
  const byId = new Map<string, Message>()
  for (const page of pages) for (const m of page.rows) byId.set(m.$id, m)
  return [...byId.values()].sort((a, b) => a.seq - b.seq)
}

/** Adds a realtime or freshly sent row to the newest page unless it is already loaded. */
export function insertMessage(pages: readonly MessagePage[], message: Message): MessagePage[] {
  if (pages.some((p) => p.rows.some((m) => m.$id === message.$id))) {
    return pages.map((p) => ({ rows: p.rows.map((m) => (m.$id === message.$id ? message : m)) }))
  }
  const [first = { rows: [] }, ...rest] = pages
  return [{ rows: [message, ...first.rows] }, ...rest]
}

/** Pending messages the server has not echoed back yet (matched by clientId). */
export function unconfirmed(
  pending: readonly PendingMessage[],
  confirmed: readonly Message[],
): PendingMessage[] {
  const seen = new Set(confirmed.map((m) => m.clientId).filter(Boolean))
  return pending.filter((p) => !seen.has(p.clientId))
}

/** Messages from the other side newer than what this device has read. */
export function countUnread(messages: readonly Message[], lastReadSeq: number, me: string) {
  return messages.filter((m) => m.seq > lastReadSeq && m.senderId !== me).length
}

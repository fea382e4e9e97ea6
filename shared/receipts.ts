import { formatDate } from './date-format'

/**
 * Read positions per room: `own` is this user's (kept on the server, so unread counts survive
 * devices), `partner` the partner's while both send read receipts (the server empties it else).
 * Delivery positions (the newest seq a device holds): `held` this user's, `delivered` the
 * partner's.
 */
export type Receipts = {
  own: Record<string, number>
  partner: Record<string, { seq: number; readAt: string }>
  held: Record<string, number>
  delivered: Record<string, number>
}

export const noReceipts = (): Receipts => ({ own: {}, partner: {}, held: {}, delivered: {} })

type Row = Record<string, unknown>

/** `data` with one receipts row (as the table holds it, or as a realtime event brings it) applied. */
export function applyReceiptRow(data: Receipts, row: Row, meId: string): Receipts {
  const roomId = String(row.roomId)
  const seq = row.seq === null || row.seq === undefined ? null : Number(row.seq)
  if (row.kind === 'delivered') {
    const which = row.userId === meId ? 'held' : 'delivered'
    if (seq === null || seq <= (data[which][roomId] ?? -1)) return data
    return { ...data, [which]: { ...data[which], [roomId]: seq } }
  }
  if (row.userId === meId) {
    if (row.kind !== 'own' || seq === null || seq <= (data.own[roomId] ?? -1)) return data
    return { ...data, own: { ...data.own, [roomId]: seq } }
  }
  if (row.kind !== 'shared') return data
  const partner = { ...data.partner }
  if (seq === null) delete partner[roomId]
  else partner[roomId] = { seq, readAt: String(row.readAt) }
  return { ...data, partner }
}

/** The positions a listing of receipts rows holds, as `meId` reads them. */
export const receiptsOf = (rows: readonly Row[], meId: string): Receipts =>
  rows.reduce<Receipts>((d, row) => applyReceiptRow(d, row, meId), noReceipts())

/** The rows that carry "Seen" (and when the partner read it) and "Delivered". */
export type ReceiptMarks = {
  seen: { key: string; readAt: string } | null
  delivered: string | null
}

type Marked = { $id: string; senderId: string; kind: string; deletedAt: string | null; seq: number }

/**
 * "Seen" under the newest of one's own messages the partner has read, newer unread ones or not;
 * "Delivered" under the newest one a device of the partner holds, when it is newer than that.
 * The SPA's log and the Worker's first paint (worker/first-paint/row-paint.ts) alike.
 */
export function receiptMarks(
  messages: readonly Marked[],
  meId: string,
  receipts: Receipts | undefined,
  roomId: string,
): ReceiptMarks {
  const read = receipts?.partner[roomId]
  const held = receipts?.delivered[roomId] ?? -1
  // A message deleted for everyone carries neither: there is nothing left to have read.
  const newestMine = (upTo: number, past = -1) =>
    messages.findLast(
      (m) =>
        m.senderId === meId && m.kind === 'user' && !m.deletedAt && m.seq <= upTo && m.seq > past,
    )?.$id ?? null
  const seen = read && newestMine(read.seq)
  return {
    seen: seen ? { key: seen, readAt: read.readAt } : null,
    delivered: newestMine(held, read?.seq),
  }
}

/**
 * When "Seen" says the partner read it: the spec's message time today ("1:47 am", as the
 * bubbles), its date before ("April 29, 2024", as "last seen"). Both on one clock: the Worker's
 * first paint passes wall-clock dates of the reader's zone.
 */
export function seenLabel(at: Date, now = new Date()) {
  return at.toDateString() === now.toDateString()
    ? formatDate(at, 'messageTime')
    : formatDate(at, 'date')
}

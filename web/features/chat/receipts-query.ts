import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import type { ReadReceipt } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'
import { tablesDB } from '../../lib/appwrite'

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

type Row = Record<string, unknown>

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

export const receiptsKey = (meId: string) => ['receipts', meId] as const

export const receiptsQuery = (meId: string) =>
  queryOptions({
    queryKey: receiptsKey(meId),
    queryFn: async () => {
      const { rows } = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.receipts,
        // Up to five rows a room (own, and both partners' shared and delivered).
        queries: [Query.limit(5000)],
      })
      return rows.reduce<Receipts>((d, r) => applyReceiptRow(d, r as unknown as Row, meId), {
        own: {},
        partner: {},
        held: {},
        delivered: {},
      })
    },
    // Realtime events keep it current; a reconnect's re-read brings what happened meanwhile.
    staleTime: Infinity,
  })

/** Tells the server this user has seen the room up to `seq`, and keeps its answer. */
export async function sendReadPosition(
  queryClient: QueryClient,
  meId: string,
  roomId: string,
  seq: number,
) {
  const answer = await apiPost<ReadReceipt>('/receipt/read', { roomId, seq }, 'ReadReceipt')
  queryClient.setQueryData<Receipts>(
    receiptsKey(meId),
    (d) => d && applyReceiptRow(d, { ...answer, userId: meId, kind: 'own' }, meId),
  )
  return answer
}

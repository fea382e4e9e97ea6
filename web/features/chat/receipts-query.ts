import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import type { ReadReceipt } from '../../../shared/schemas'
import { applyReceiptRow, receiptsOf, type Receipts } from '../../../shared/receipts'
import { apiPost } from '../../lib/api'
import { tablesDB } from '../../lib/appwrite'

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
      return receiptsOf(rows as unknown as Record<string, unknown>[], meId)
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

import type { QueryClient } from '@tanstack/react-query'
import type { RealtimeResponseEvent } from 'appwrite'
import { receiptsKey } from './receipts-query'
import { applyReceiptRow, type Receipts } from '../../../shared/receipts'
import { markRead, readState } from './read-state'
import { unreadKey } from './unread-query'

/**
 * A receipt row event: the partner's position moves the "Seen" mark; this user's own (read on
 * another device) moves the read mark here too, and the room's unread count is counted again.
 */
export function applyReceiptEvent(
  queryClient: QueryClient,
  e: RealtimeResponseEvent<Record<string, unknown>>,
  meId: string,
) {
  const row = e.payload
  queryClient.setQueryData<Receipts>(receiptsKey(meId), (d) => d && applyReceiptRow(d, row, meId))
  if (row.userId !== meId || row.kind !== 'own' || typeof row.seq !== 'number') return
  const roomId = String(row.roomId)
  if (row.seq <= (readState.lastRead[roomId] ?? -1)) return
  markRead(roomId, row.seq)
  void queryClient.invalidateQueries({ queryKey: unreadKey(roomId) })
}

import type { QueryClient } from '@tanstack/react-query'
import type { DeliveredReceipt } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'
import { receiptsKey } from './receipts-query'
import { applyReceiptRow, type Receipts } from '../../../shared/receipts'

// A burst of messages is one report a second per room; the first goes at once.
const GAP_MS = 1_000

const wanted = new Map<string, number>()
const sent = new Map<string, number>()
const timers = new Map<string, ReturnType<typeof setTimeout>>()

/**
 * This device holds the partner's messages of `roomId` up to `seq` (a live one arrived, or a
 * read brought the newest): the server keeps the furthest any device holds, which the partner
 * shows as "Delivered". Reported only past what the server already has.
 */
export function noteDelivered(queryClient: QueryClient, meId: string, roomId: string, seq: number) {
  const key = `${meId}/${roomId}`
  const held = queryClient.getQueryData<Receipts>(receiptsKey(meId))?.held[roomId] ?? -1
  if (seq <= Math.max(held, wanted.get(key) ?? -1)) return
  wanted.set(key, seq)
  if (timers.has(key)) return
  const wait = (sent.get(key) ?? 0) + GAP_MS - Date.now()
  timers.set(
    key,
    setTimeout(() => void report(queryClient, meId, roomId, key), wait),
  )
}

async function report(queryClient: QueryClient, meId: string, roomId: string, key: string) {
  const seq = wanted.get(key)!
  sent.set(key, Date.now())
  try {
    const answer = await apiPost<DeliveredReceipt>(
      '/receipt/delivered',
      { roomId, seq },
      'DeliveredReceipt',
    )
    queryClient.setQueryData<Receipts>(
      receiptsKey(meId),
      (d) => d && applyReceiptRow(d, { ...answer, userId: meId, kind: 'delivered' }, meId),
    )
  } catch {
    // Not reported (offline, the room gone): the next message or reconnect's read says it again.
    if (wanted.get(key) === seq) wanted.delete(key)
  } finally {
    timers.delete(key)
    // A newer one came while this was on its way: its turn, a gap after this one.
    const next = wanted.get(key) ?? -1
    if (next > seq) {
      wanted.delete(key)
      noteDelivered(queryClient, meId, roomId, next)
    }
  }
}

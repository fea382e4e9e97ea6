import { z } from 'zod'
import { Id } from './common'

// POST /api/receipt/read — the caller has seen the room up to `seq` (only ever moves forward).
// `userId` is optional and, when sent, must be the caller's own (403 otherwise).
export const MarkReadRequest = z.object({
  roomId: Id,
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  userId: Id.optional(),
})
export type MarkReadRequest = z.input<typeof MarkReadRequest>

export const ReadReceipt = z.object({
  roomId: Id,
  seq: z.number().int(),
  readAt: z.string(),
  // Whether the partner can see it: both send read receipts.
  shared: z.boolean(),
})
export type ReadReceipt = z.infer<typeof ReadReceipt>

// POST /api/receipt/delivered — one of the caller's devices holds the room's messages up to `seq`
// (only ever moves forward). Read receipts aside: the partner's "Delivered" is always shown.
export const MarkDeliveredRequest = z.object({
  roomId: Id,
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
})
export type MarkDeliveredRequest = z.input<typeof MarkDeliveredRequest>
export const DeliveredReceipt = z.object({ roomId: Id, seq: z.number().int() })
export type DeliveredReceipt = z.infer<typeof DeliveredReceipt>

// POST /api/receipt/setting — "Send read receipts" (kept in the account prefs as
// `readReceipts`, on unless false). Without `enabled` it only answers the current value.
export const ReceiptSettingRequest = z.object({ enabled: z.boolean().optional() }).strict()
export type ReceiptSettingRequest = z.input<typeof ReceiptSettingRequest>
export const ReceiptSetting = z.object({ enabled: z.boolean() })
export type ReceiptSetting = z.infer<typeof ReceiptSetting>

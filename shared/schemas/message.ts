import { z } from 'zod'
import { Id } from './common'

// POST /api/message/add — a message as the caller (kind 'user'; system notices are server-only).
export const AddMessageRequest = z.object({
  roomId: Id,
  message: z
    .string()
    .trim()
    .min(1, { message: 'message must not be empty' })
    .max(4000, { message: 'message must be at most 4000 characters' }),
  // Idempotency key (e.g. ID.unique() made once per message): a retry with the same clientId
  // returns the stored row (200) instead of creating a second one (201).
  clientId: Id.optional(),
})
export type AddMessageRequest = z.input<typeof AddMessageRequest>

export const Message = z.object({
  $id: Id,
  $createdAt: z.string(),
  roomId: Id,
  message: z.string(),
  senderId: z.string(),
  kind: z.enum(['user', 'system']),
  clientId: z.string().nullable(),
  seq: z.number().int().nullable(),
})
export type Message = z.infer<typeof Message>

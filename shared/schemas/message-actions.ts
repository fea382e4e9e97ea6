import { z } from 'zod'
import { MESSAGE_MAX_LENGTH } from '../constants'
import { isOneEmoji } from '../emoji'
import { Id } from './common'

// Reply travels with /api/message/add (`replyToId`); these are the calls that change a stored
// message. The server takes the caller from the JWT: only the sender edits or deletes.

export { EDIT_WINDOW_MS } from '../constants'

// POST /api/message/edit — new text (or caption) of the caller's own message, within 24 h.
export const EditMessageRequest = z.object({
  messageId: Id,
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, {
      message: `message must be at most ${MESSAGE_MAX_LENGTH} characters`,
    }),
})
export type EditMessageRequest = z.input<typeof EditMessageRequest>

// POST /api/message/delete — the caller's own message becomes a tombstone for everyone.
export const DeleteMessageRequest = z.object({ messageId: Id })
export type DeleteMessageRequest = z.input<typeof DeleteMessageRequest>

// POST /api/message/pin — either partner pins (`on: true`) or unpins a message of a room;
// idempotent. A pin past PIN_LIMIT unpins the room's oldest.
export const PinMessageRequest = z.object({ messageId: Id, on: z.boolean() })
export type PinMessageRequest = z.input<typeof PinMessageRequest>

/** One emoji (a grapheme with a pictographic or emoji-presentation character), not free text. */
export const Emoji = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .refine(isOneEmoji, { message: 'expected one emoji' })

// POST /api/message/react — sets (`on: true`) or clears the caller's reaction; idempotent.
// `userId` is optional and, when given, must be the caller's own (403 otherwise).
export const ReactRequest = z.object({
  messageId: Id,
  emoji: Emoji,
  on: z.boolean(),
  userId: Id.optional(),
})
export type ReactRequest = z.input<typeof ReactRequest>

export const Reaction = z.object({
  $id: Id,
  messageId: Id,
  roomId: Id,
  userId: Id,
  emoji: z.string(),
})
export type Reaction = z.infer<typeof Reaction>

export const ReactResponse = z.object({ messageId: Id, emoji: z.string(), on: z.boolean() })
export type ReactResponse = z.infer<typeof ReactResponse>

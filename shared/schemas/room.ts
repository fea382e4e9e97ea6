import { z } from 'zod'
import { TEXTS } from '../texts'

const required = { message: TEXTS.createRoomFieldsRequired }

// POST /api/room/add — creates a room; hiddenName is normalised (trimmed, lower case, runs of
// whitespace → '-') and unique: a duplicate answers 409 with a message naming it.
export const AddRoomRequest = z.object({
  name: z.string(required).trim().min(1, required).max(64),
  hiddenName: z.string(required).trim().min(1, required).max(64),
  color: z
    .string(required)
    .trim()
    .min(1, required)
    .regex(/^#[0-9a-fA-F]{6}$/, { message: TEXTS.roomColorInvalid })
    .transform((c) => c.toLowerCase()),
})
export type AddRoomRequest = z.input<typeof AddRoomRequest>

export const normaliseHiddenName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '-')

export const Room = z.object({
  $id: z.string(),
  name: z.string(),
  hiddenName: z.string(),
  color: z.string(),
  isDeleted: z.boolean(),
})
export type Room = z.infer<typeof Room>
export const AddRoomResponse = z.object({ state: z.literal(true), room: Room })
export type AddRoomResponse = z.infer<typeof AddRoomResponse>

import { z } from 'zod'
import { FORM_TEXTS } from '../form-texts'

const required = { message: FORM_TEXTS.createRoomFieldsRequired }
/** The rooms table's column (shared/db-schema.ts); a longer name is refused, never cut. */
export const ROOM_NAME_MAX = 64

/** The refusal of a name another room has (up to case and spacing): a create's or a rename's. */
export const roomNameTaken = (name: string) =>
  `A room named “${name}” already exists. Please choose another name.`

/** A room's unique key: its name trimmed, in lower case, with runs of whitespace as '-'. */
export const normaliseHiddenName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '-')

/**
 * POST /api/room/add — creates a room. The server derives the unique key (`hiddenName`) from the
 * name, so two rooms never share a name up to case and spacing: a duplicate answers 409. The
 * spec's payload carries hiddenName too; when sent, it must be that key (the SPA sends
 * normaliseHiddenName(name)), so a client cannot claim a key that does not match its name.
 */
export const AddRoomRequest = z
  .object({
    name: z
      .string(required)
      .trim()
      .min(1, required)
      .max(ROOM_NAME_MAX, {
        message: `A room name can be at most ${ROOM_NAME_MAX} characters long.`,
      }),
    hiddenName: z.string().trim().max(64).optional(),
    color: z
      .string(required)
      .trim()
      .min(1, required)
      .regex(/^#[0-9a-fA-F]{6}$/, { message: FORM_TEXTS.roomColorInvalid })
      .transform((c) => c.toLowerCase()),
  })
  .superRefine((r, ctx) => {
    const key = normaliseHiddenName(r.name)
    if (r.hiddenName !== undefined && normaliseHiddenName(r.hiddenName) !== key)
      ctx.addIssue({
        code: 'custom',
        path: ['hiddenName'],
        message: `must be the room's name in normalised form ("${key}")`,
      })
  })
export type AddRoomRequest = z.input<typeof AddRoomRequest>

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

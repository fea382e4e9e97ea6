import { z } from 'zod'
import { Id, TypingKind } from './common'

// POST /api/user/info — name and email of the caller or the chatee.
export const UserInfoRequest = z.object({
  userId: Id,
  // Kept for the spec's payload shape; only `false` is accepted (no password ever leaves).
  includePassword: z
    .literal(false, { message: 'includePassword must be false: passwords are never returned' })
    .optional(),
})
export type UserInfoRequest = z.input<typeof UserInfoRequest>
export { Account as UserInfoResponse } from './common'

// POST /api/user/status — the caller's own status row. Response: Status.
export { UserIdBody as UserStatusRequest } from './common'

/**
 * POST /api/user/update-status — the caller's presence. The server derives deviceType, browser
 * and operatingSystem from the User-Agent and the location from the request's IP; those fields,
 * if a client sends them, are ignored.
 * `presence` refines isOnline:false into 'away' (tab hidden) or 'offline' (logout/close);
 * omitted, it follows isOnline.
 */
export const StatusPatch = z
  .object({
    isOnline: z.boolean().optional(),
    presence: z.enum(['online', 'away', 'offline']).optional(),
    isTyping: z.boolean().optional(),
    typingRoomId: Id.nullable().optional(),
    /** With isTyping true: 'voice' while a voice message is recorded; 'text' when omitted. */
    typingKind: TypingKind.optional(),
    activity: z.string().trim().max(128).nullable().optional(),
  })
  .refine(
    (p) => !(p.presence && p.isOnline !== undefined && (p.presence === 'online') !== p.isOnline),
    {
      message: "presence 'online' requires isOnline true, and 'away'/'offline' isOnline false",
    },
  )
export type StatusPatch = z.input<typeof StatusPatch>

// `tab`: the reporting page's life, as in HeartbeatRequest.
export const UpdateStatusRequest = z.object({
  userId: Id,
  payload: StatusPatch,
  tab: Id.optional(),
})
export type UpdateStatusRequest = z.input<typeof UpdateStatusRequest>
// Response: Status (the caller's row after the update).

/**
 * POST /api/user/sharing — Settings' "Share my online status and typing with my partner"
 * (off by default). `{}` reads the choice, `{ share }` sets it. Reciprocal: each partner sees the
 * other's presence and typing only while both share; the admin view does not depend on it.
 */
export const PresenceSharingRequest = z.object({ share: z.boolean().optional() }).strict()
export type PresenceSharingRequest = z.input<typeof PresenceSharingRequest>
export const PresenceSharing = z.object({ mine: z.boolean(), partner: z.boolean() })
export type PresenceSharing = z.infer<typeof PresenceSharing>

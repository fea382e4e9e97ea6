import { z } from 'zod'
import { AVATAR_LISTS, DEVICE_TYPES } from '../constants'

// Building blocks shared by every /api payload. The SPA imports these to type its calls; the
// Worker validates every body with them, so both sides agree by construction.

/** An Appwrite id: at most 36 chars of [a-zA-Z0-9._-], not starting with a special char. */
export const Id = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/, { message: 'expected an id (max 36 chars)' })

export const Email = z
  .email({ message: 'expected an email address' })
  .max(320)
  .transform((e) => e.toLowerCase())

/** Every /api error: `{ code, message }`; `message` is safe to show to the user. */
export const ApiErrorBody = z.object({ code: z.string(), message: z.string() })
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

export const DeviceType = z.enum(DEVICE_TYPES)

// What the client last reported (visible tab, hidden tab, closed/logged out) and what the server
// last announced; announcing only on a change of `announced` keeps reloads silent.
export const PRESENCE_STATES = ['online', 'away', 'offline'] as const
export const PresenceState = z.enum(PRESENCE_STATES)
export type PresenceState = z.infer<typeof PresenceState>

/** What a typing flag is about: words in the composer, or a voice message being recorded. */
export const TypingKind = z.enum(['text', 'voice'])
export type TypingKind = z.infer<typeof TypingKind>

/** Which approved list an email is on: admin, special (announced) or another allowlisted one. */
export const AvatarList = z.enum(AVATAR_LISTS)

/** The public part of an account: nothing else (no hash, no prefs, no sessions) leaves /api. */
export const Account = z.object({ $id: Id, name: z.string(), email: z.string() })
export type Account = z.infer<typeof Account>

/**
 * A status row (row id = user id). For a non-admin caller reading the chatee, the admin-only
 * details (location, deviceType, browser, operatingSystem, activity) are null.
 */
export const Status = z.object({
  $id: Id,
  /** The owner's account name as of their last report (null before the first one). */
  name: z.string().nullable(),
  isOnline: z.boolean(),
  isTyping: z.boolean(),
  typingRoomId: z.string().nullable(),
  /** When isTyping was last set (server time): the flag expires 10 s after it. */
  typingAt: z.string().nullable(),
  /** What the flag is about ("is typing…" or "is recording a voice message…"); null when off. */
  typingKind: TypingKind.nullable(),
  location: z.string().nullable(),
  deviceType: DeviceType.nullable(),
  browser: z.string().nullable(),
  operatingSystem: z.string().nullable(),
  activity: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  presence: PresenceState.nullable(),
})
export type Status = z.infer<typeof Status>

/** Requests that name one user: it must be the caller (or, where the spec reads the partner, the chatee). */
export const UserIdBody = z.object({ userId: Id })
export type UserIdBody = z.infer<typeof UserIdBody>

/** Requests that name the caller by email (the spec's chatee and flags calls). */
export const EmailBody = z.object({ email: Email })
export type EmailBody = z.input<typeof EmailBody>

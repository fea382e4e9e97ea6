import { z } from 'zod'
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, VERIFY_STEPS } from '../constants'
import { isStrongPassword } from '../password-rules'
import { FORM_TEXTS } from '../form-texts'
import { Account, AvatarList, Email, Id } from './common'

// POST /api/auth/authorized — public, rate limited per IP. Is this email on the allowlist?
export const AuthorizedRequest = z.object({ email: Email })
export type AuthorizedRequest = z.input<typeof AuthorizedRequest>
export const AuthorizedResponse = z.object({
  state: z.boolean(),
  // Present when state is false: the text to show (spec: "the server error is shown").
  message: z.string().optional(),
})
export type AuthorizedResponse = z.infer<typeof AuthorizedResponse>

// POST /api/auth/chatee {email: the caller's own email} → Account of the partner, with the list
// their email is on (it picks their avatar).
export { EmailBody as ChateeRequest } from './common'
export const ChateeResponse = Account.extend({ list: AvatarList })
export type ChateeResponse = z.infer<typeof ChateeResponse>
/** /auth/chatee's answer: the partner, or null (204) while they have no account. */
export const ChateeAnswer = ChateeResponse.nullable()

// POST /api/auth/chatee-status {userId: the chatee's id} → Status (admin-only fields null for non-admins).
export { UserIdBody as ChateeStatusRequest } from './common'

// POST /api/auth/flags {email: the caller's own email} → Flags: whether the caller is the admin,
// the list their email is on (it picks their avatar) and, for the admin only, REPOSITORY_URL when
// it is configured (the version badge links to the release's tag page there), and which optional
// features are on (GIFs, link checks, link previews), so the SPA never calls one that is off.
export { EmailBody as FlagsRequest } from './common'
export const Flags = z.object({
  isAdmin: z.boolean(),
  list: AvatarList,
  repositoryUrl: z.url().optional(),
  // GIF search is configured (GIF_API_URL and GIF_API_KEY): the composer shows its GIF button.
  gifs: z.boolean().optional(),
  // The Safe Browsing lookup is configured: links are checked (else /api/link-check is off, 409).
  linkChecks: z.boolean().optional(),
  // Link previews are on (LINK_PREVIEWS): else /api/link/* answers 404 and no card is asked for.
  linkPreviews: z.boolean().optional(),
})
export type Flags = z.infer<typeof Flags>

// POST /api/auth/assign-teams {userId: the caller} → the teams the caller is now in (idempotent).
export { UserIdBody as AssignTeamsRequest } from './common'
export const AssignTeamsResponse = z.object({ teams: z.array(z.string()) })
export type AssignTeamsResponse = z.infer<typeof AssignTeamsResponse>

// POST /api/auth/create-status {userId: the caller} → Status (existing row returned unchanged).
export { UserIdBody as CreateStatusRequest } from './common'

// POST /api/auth/verify — public, rate limited per IP: the emailed link's userId and secret.
// The secret is proven by the backend before anything about the user is answered or posted.
export const VerifyRequest = z.object({
  userId: Id,
  secret: z.string().min(1).max(256),
})
export type VerifyRequest = z.input<typeof VerifyRequest>

export const VerifyStep = z.enum(VERIFY_STEPS)

/**
 * The 200 answer is NDJSON, one event per line: each finished step with its message, then `done`,
 * or `error` when a step after the confirmation failed (the email stays verified; the first
 * sign-in completes what is missing). A failure up to the confirmation is an ordinary error answer.
 */
export const VerifyEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('step'), step: VerifyStep, message: z.string() }),
  z.object({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), step: VerifyStep, code: z.string(), message: z.string() }),
])
export type VerifyEvent = z.infer<typeof VerifyEvent>

/**
 * POST /api/auth/register — public, rate limited per IP: the only way to get an account in
 * either backend mode. The server checks the allowlist and the password rules, then creates the
 * user with the API key; the SPA then signs in and asks for the verification mail.
 */
export const RegisterRequest = z
  .object({
    email: Email,
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH)
      .refine(isStrongPassword, { message: FORM_TEXTS.passwordTooWeak }),
    name: z.string().trim().min(1, { message: 'A name is required' }).max(NAME_MAX_LENGTH),
  })
  .strict()
export type RegisterRequest = z.input<typeof RegisterRequest>
export { Account as RegisterResponse } from './common'

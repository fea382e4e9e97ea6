import { z } from 'zod'
import { Email } from './common'

// POST /api/auth/authorized — public, rate limited per IP. Is this email on the allowlist?
export const AuthorizedRequest = z.object({ email: Email })
export type AuthorizedRequest = z.input<typeof AuthorizedRequest>
export const AuthorizedResponse = z.object({
  state: z.boolean(),
  // Present when state is false: the text to show (spec: "the server error is shown").
  message: z.string().optional(),
})
export type AuthorizedResponse = z.infer<typeof AuthorizedResponse>

// POST /api/auth/chatee {email: the caller's own email} → Account of the partner.
export { EmailBody as ChateeRequest, Account as ChateeResponse } from './common'

// POST /api/auth/chatee-status {userId: the chatee's id} → Status (admin-only fields null for non-admins).
export { UserIdBody as ChateeStatusRequest } from './common'

// POST /api/auth/flags {email: the caller's own email} → Flags.
export { EmailBody as FlagsRequest } from './common'
export const Flags = z.object({ isAdmin: z.boolean() })
export type Flags = z.infer<typeof Flags>

// POST /api/auth/assign-teams {userId: the caller} → the teams the caller is now in (idempotent).
export { UserIdBody as AssignTeamsRequest } from './common'
export const AssignTeamsResponse = z.object({ teams: z.array(z.string()) })
export type AssignTeamsResponse = z.infer<typeof AssignTeamsResponse>

// POST /api/auth/create-status {userId: the caller} → Status (existing row returned unchanged).
export { UserIdBody as CreateStatusRequest } from './common'

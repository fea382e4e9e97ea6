import type { Config } from '../../config'
import { fail } from '../errors'
import { opt, P } from './params'

// POST /account: its params and the product's allowlist, checked by the route and, before any
// hashing, by the Worker's password gate (account/password-gate.ts).
export const REGISTRATION = {
  userId: P.customId(),
  email: P.email(),
  name: opt(P.text(128), ''),
}

/** The allowlist is the product's registration rule; Appwrite's refusal for it is this type. */
export function assertAllowlisted(config: Config, email: string): void {
  if (!config.ALLOWED_EMAILS.includes(email.toLowerCase()))
    fail(
      'user_email_not_whitelisted',
      'Registration is restricted to specific emails. Contact your administrator for more information.',
    )
}

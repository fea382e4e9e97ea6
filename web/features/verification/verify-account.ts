import { account } from '../../lib/appwrite'
import type { VerificationParams } from './verification-params'

/**
 * Confirms the email with Appwrite's public verification call, which needs no session: the
 * link is usually opened signed out. Team assignment and the status row follow at first
 * sign-in (auth/session.ts), where the product API can authenticate the caller.
 */
export async function verifyAccount({ userId, secret }: VerificationParams): Promise<void> {
  await account.updateEmailVerification({ userId, secret })
}

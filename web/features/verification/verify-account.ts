import { account } from '../../lib/appwrite'

export type VerificationParams = { userId: string; secret: string }

/** The emailed link is `/?userId&secret&expire`; both userId and secret must be present. */
export function readVerificationParams(search: string): VerificationParams | null {
  const params = new URLSearchParams(search)
  const userId = params.get('userId')
  const secret = params.get('secret')
  return userId && secret ? { userId, secret } : null
}

/**
 * Confirms the email with Appwrite's public verification call, which needs no session: the
 * link is usually opened signed out. Team assignment and the status row follow at first
 * sign-in (session.ts), where the product API can authenticate the caller.
 */
export async function verifyAccount({ userId, secret }: VerificationParams): Promise<void> {
  await account.updateEmailVerification({ userId, secret })
}

import { accountCalls } from '../../lib/account-calls'
import { createSession, endSessions } from './create-session'

/**
 * Appwrite only sends a verification email to a signed-in user, so sign in for a moment and
 * end every session afterwards: the account stays unusable until verified.
 */
export async function sendVerification(email: string, password: string): Promise<void> {
  await createSession(email, password)
  try {
    await accountCalls.mailVerification({ url: `${window.location.origin}/` })
  } finally {
    await endSessions()
  }
}

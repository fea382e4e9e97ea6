import { accountCalls } from '../../lib/account-calls'
import { isBackendError } from '../../lib/errors'

/** Where the mailed link lands (the backend appends userId, secret and expire). */
export const recoveryUrl = () => new URL('/recovery', window.location.origin).toString()

/**
 * Mails a reset link. Real Appwrite answers 404 user_not_found for an unknown address (the
 * embedded backend a decoy 201); both end the same way here, so the form is no account oracle.
 */
export async function requestRecovery(email: string): Promise<void> {
  try {
    await accountCalls.mailRecovery({ email: email.trim().toLowerCase(), url: recoveryUrl() })
  } catch (err) {
    if (isBackendError(err) && err.type === 'user_not_found') return
    throw err
  }
}

export type RecoveryParams = { userId: string; secret: string; expire: string | null }

/** Sets the new password; the backend ends every session of the user. */
export async function completeRecovery(p: RecoveryParams, password: string): Promise<void> {
  await accountCalls.finishRecovery({ userId: p.userId, secret: p.secret, password })
}

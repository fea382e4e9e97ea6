import { account } from '../../lib/appwrite'
import { isBackendError } from '../../lib/errors'
import { clearJwt } from '../../lib/jwt'

/**
 * Email/password sign-in. Appwrite refuses a second session in a browser that has one (another
 * tab signed in meanwhile): signed in as that same address already, the browser stays so (the
 * password adds nothing to a session the browser holds); as another, only this browser's session
 * ends first. Never every session of the account: that signed the person out on their phone
 * too, for following a stale tab's "sign in again".
 */
export async function createSession(email: string, password: string): Promise<void> {
  clearJwt()
  try {
    await account.createEmailPasswordSession({ email, password })
  } catch (err) {
    if (!(isBackendError(err) && err.type === 'user_session_already_exists')) throw err
    const current = await account.get().catch(() => null)
    if (current?.email.toLowerCase() === email.trim().toLowerCase()) return
    await account.deleteSession({ sessionId: 'current' }).catch(() => undefined)
    await account.createEmailPasswordSession({ email, password })
  }
}

/** Deletes every session of the current user; being signed out already is fine. */
export async function endSessions() {
  clearJwt()
  try {
    await account.deleteSessions()
  } catch (err) {
    if (!(isBackendError(err) && err.code === 401)) throw err
  }
}

import { account } from '../../lib/appwrite'
import { isBackendError } from '../../lib/errors'
import { clearJwt } from '../../lib/jwt'

/** Email/password sign-in that first ends a leftover session (Appwrite refuses a second one). */
export async function createSession(email: string, password: string) {
  clearJwt()
  try {
    return await account.createEmailPasswordSession({ email, password })
  } catch (err) {
    if (!(isBackendError(err) && err.type === 'user_session_already_exists')) throw err
    await endSessions()
    return account.createEmailPasswordSession({ email, password })
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

import { createSession } from './create-session'
import { preloadSignedInChunks } from './preload-signed-in'
import { loadAccount } from './session'

/** Login of spec section 4: create the session, then load the account (which may refuse it). */
export async function signIn(email: string, password: string): Promise<void> {
  await createSession(email.trim().toLowerCase(), password)
  preloadSignedInChunks()
  await loadAccount()
}

import { THROTTLE_TEXTS } from '../../../shared/throttle-texts'
import { isUnverifiedRefusal } from '../../lib/errors'
import { explainThrottle } from '../../lib/throttled'
import { uiState } from '../../state/ui-state'
import { createSession } from './create-session'
import { preloadSignedInChunks } from './preload-signed-in'
import { rememberForResend } from './resend-verification'
import { loadAccount } from './session'

/** Login of spec section 4: create the session, then load the account (which may refuse it). */
export async function signIn(email: string, password: string): Promise<void> {
  const address = email.trim().toLowerCase()
  await createSession(address, password).catch((err: unknown) => {
    throw explainThrottle(err, THROTTLE_TEXTS.signIn)
  })
  preloadSignedInChunks()
  // The form's button had the focus, and goes with the form: the composer takes it, not the page.
  uiState.composerNext = true
  try {
    await loadAccount()
  } catch (err) {
    uiState.composerNext = false
    // Unverified: the credentials just typed can mail a new link (the notice's "Resend it.").
    if (isUnverifiedRefusal(err)) rememberForResend(address, password)
    throw err
  }
}

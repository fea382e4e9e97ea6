import type { QueryClient } from '@tanstack/react-query'
import { TEXTS } from '../../../shared/texts'
import { errorMessage, isNetworkFailure, titleCase } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { stopRealtime } from '../../lib/realtime'
import { globalState, signedOut } from '../../state/global-state'
import { uiState } from '../../state/ui-state'
import { endSessions } from './create-session'

/**
 * Logout of spec section 4: offline, sessions deleted, state cleared, then "/". Without a
 * connection the sessions cannot end: it says so and changes nothing, since a signed-out screen
 * over a session still open would mislead someone leaving a shared device (a reload signed back
 * in). Any other refusal ends it here as before: the session is as good as gone for this browser.
 */
export async function logout(queryClient: QueryClient, goHome: () => Promise<void>) {
  const me = globalState.account
  const refused = (body: string) => notify({ title: titleCase('logout'), body })
  if (!navigator.onLine) return refused(TEXTS.offline)
  globalState.isLoading = uiState.signingOut = true
  try {
    if (me)
      await productApi
        // The activity goes too: "In Settings" beside "Offline" would stay there for good.
        .updateStatus(me.$id, { isOnline: false, presence: 'offline', activity: null })
        .catch(() => undefined)
    await endSessions()
  } catch (err) {
    if (isNetworkFailure(err)) {
      globalState.isLoading = uiState.signingOut = false
      return refused(errorMessage(err))
    }
  }
  await stopRealtime().catch(() => undefined)
  // Unsent messages stay stored for this user (the outbox sync forgets them in memory as the
  // signed-in app unmounts): signing out is no reason to lose what they wrote.
  signedOut()
  uiState.signInNext = true
  queryClient.clear()
  await goHome()
  globalState.isLoading = uiState.signingOut = false
}

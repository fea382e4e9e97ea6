import type { QueryClient } from '@tanstack/react-query'
import { productApi } from '../../lib/product-api'
import { stopRealtime } from '../../lib/realtime'
import { globalState, signedOut } from '../../state/global-state'
import { endSessions } from './create-session'

/** Logout of spec section 4: offline, sessions deleted, state cleared, then "/". */
export async function logout(queryClient: QueryClient, goHome: () => Promise<void>) {
  const me = globalState.account
  globalState.isLoading = true
  try {
    if (me)
      await productApi
        // The activity goes too: "In Settings" beside "Offline" would stay there for good.
        .updateStatus(me.$id, { isOnline: false, presence: 'offline', activity: null })
        .catch(() => undefined)
    await endSessions().catch(() => undefined)
  } finally {
    await stopRealtime().catch(() => undefined)
    // Unsent messages stay stored for this user (the outbox sync forgets them in memory as the
    // signed-in app unmounts): signing out is no reason to lose what they wrote.
    signedOut()
    queryClient.clear()
    await goHome()
    globalState.isLoading = false
  }
}

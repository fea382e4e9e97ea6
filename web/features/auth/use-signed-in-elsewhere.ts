import { useEffect } from 'react'
import { STORAGE_KEY } from '../../../shared/constants'
import { globalState } from '../../state/global-state'
import { showAuthNotice } from '../../state/ui-state'

/**
 * A signed-out tab (its sign-in screen) follows its browser signing in from another tab (which stores who is signed
 * in: state/global-state.ts), checked with the server, rather than asking to sign in again:
 * doing so in a browser with a session was the path that once ended every session of the account.
 */
export function useSignedInElsewhere() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_KEY || !e.newValue || globalState.account) return
      let account: unknown
      try {
        account = (JSON.parse(e.newValue) as { account?: unknown }).account
      } catch {
        return
      }
      if (!account) return
      // The account's reading (and the SDK behind it) is not in a visitor's first script.
      void import('./session')
        .then(({ loadAccount }) => loadAccount())
        .then(
          () => globalState.account && showAuthNotice(null),
          () => undefined,
        )
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
}

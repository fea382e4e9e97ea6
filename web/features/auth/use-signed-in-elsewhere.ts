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
    const follow = (stored: string | null) => {
      if (!stored || globalState.account) return
      let account: unknown
      try {
        account = (JSON.parse(stored) as { account?: unknown }).account
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
    const onStorage = (e: StorageEvent) => void (e.key === STORAGE_KEY && follow(e.newValue))
    // Signed in there while this screen's chunk was on its way: no event is coming for it.
    follow(localStorage.getItem(STORAGE_KEY))
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])
}

import { useLocation } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useOnline } from '../../lib/use-online'
import { globalState } from '../../state/global-state'
import './offline-notice.css'

/**
 * Says so while the browser is offline (the service worker still serves the app shell). Signed
 * in, a strip between the top bar and the page (`inApp`, from the signed-in shell), which hides
 * nothing: the room's name stays in view and the composer usable, its sends waiting in the
 * outbox (elsewhere it says the app catches up: queries and saves wait for the connection). Signed
 * out, a pill under the top of the screen that taps pass through.
 */
export function OfflineNotice({ inApp = false }: { inApp?: boolean }) {
  const { account } = useSnapshot(globalState)
  const online = useOnline()
  const inRoom = useLocation({
    select: (l) => l.pathname === '/' || l.pathname.startsWith('/rooms/'),
  })
  if (online || !!account !== inApp) return null
  return (
    <div className={inApp ? 'offline-notice in-app' : 'offline-notice'} role="status">
      {!account
        ? 'You are offline. Signing in needs the connection back.'
        : inRoom
          ? 'You are offline. Messages will send when the connection returns.'
          : 'You are offline. Kathelia will catch up when the connection returns.'}
    </div>
  )
}

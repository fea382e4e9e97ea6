import { useSnapshot } from 'valtio'
import { useOnline } from '../../lib/use-online'
import { globalState } from '../../state/global-state'
import './offline-notice.css'

/**
 * Says so while the browser is offline (the service worker still serves the app shell). A pill
 * under the top bar that taps pass through: the composer stays usable, its sends wait in the outbox.
 */
export function OfflineNotice() {
  const { account } = useSnapshot(globalState)
  if (useOnline()) return null
  return (
    <div className="offline-notice" role="status">
      {account
        ? 'You are offline. Messages will send when the connection returns.'
        : 'You are offline. Signing in needs the connection back.'}
    </div>
  )
}

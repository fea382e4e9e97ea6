import { useSyncExternalStore } from 'react'
import './offline-notice.css'

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Says so while the browser is offline (the service worker still serves the app shell). */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine)
  if (online) return null
  return (
    <div className="offline-notice" role="status">
      You are offline. Kathelia will reconnect when the connection returns.
    </div>
  )
}

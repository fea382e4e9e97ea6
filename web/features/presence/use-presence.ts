import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { productApi, presenceBeacon } from '../../lib/product-api'
import { globalState } from '../../state/global-state'

const DEFAULT_HEARTBEAT_MS = 30_000

/**
 * The caller's presence: a visible tab is online (and keeps a heartbeat), a hidden one is away,
 * a closing one says so with a beacon. The server derives device, browser, OS and location.
 */
export function usePresence() {
  const { account } = useSnapshot(globalState)
  const meId = account?.$id

  useEffect(() => {
    if (!meId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let interval = DEFAULT_HEARTBEAT_MS
    let stopped = false

    const beat = async () => {
      clearTimeout(timer)
      if (stopped || document.hidden) return
      try {
        interval = (await productApi.heartbeat()).intervalMs || interval
      } catch {
        // A missed beat is retried on the next tick; the server's grace period absorbs it.
      }
      if (!stopped && !document.hidden) timer = setTimeout(() => void beat(), interval)
    }
    const report = async (visible: boolean) => {
      try {
        const status = await productApi.updateStatus(meId, {
          isOnline: visible,
          presence: visible ? 'online' : 'away',
        })
        globalState.status = status
        if (status.location) globalState.location = status.location
      } catch {
        // Presence is best effort; the heartbeat and the server's sweep correct it.
      }
      if (visible) void beat()
    }
    const onVisibility = () => void report(!document.hidden)
    let leftAt = 0
    // pagehide and beforeunload both fire on a normal close; one beacon is enough.
    const onLeave = () => {
      if (Date.now() - leftAt < 1000) return
      leftAt = Date.now()
      presenceBeacon('offline')
    }

    void report(!document.hidden)
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onLeave)
    window.addEventListener('beforeunload', onLeave)
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onLeave)
      window.removeEventListener('beforeunload', onLeave)
    }
  }, [meId])
}

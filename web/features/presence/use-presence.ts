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
    let beating = false

    // One heartbeat loop at a time, paused while the tab is hidden.
    const beat = async () => {
      clearTimeout(timer)
      if (stopped || beating || document.hidden) return
      beating = true
      try {
        interval = (await productApi.heartbeat()).intervalMs || interval
      } catch {
        // A missed beat is retried on the next tick; the server's grace period absorbs it.
      } finally {
        beating = false
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
    // Closing a tab fires beforeunload, pagehide, then visibilitychange: once leaving, the
    // beacon's "offline" is the last word and the hidden tab is not reported as away.
    let leaving = false
    const onVisibility = () => {
      if (!(leaving && document.hidden)) void report(!document.hidden)
    }
    const onShow = (e: PageTransitionEvent) => {
      leaving = false
      if (e.persisted) void report(!document.hidden)
    }
    let leftAt = 0
    // pagehide and beforeunload both fire on a normal close; one beacon is enough.
    const onLeave = () => {
      leaving = true
      if (Date.now() - leftAt < 1000) return
      leftAt = Date.now()
      presenceBeacon('offline')
    }

    void report(!document.hidden)
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onLeave)
    window.addEventListener('beforeunload', onLeave)
    window.addEventListener('pageshow', onShow)
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onLeave)
      window.removeEventListener('beforeunload', onLeave)
      window.removeEventListener('pageshow', onShow)
    }
  }, [meId])
}

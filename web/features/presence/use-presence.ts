import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { productApi, presenceBeacon } from '../../lib/product-api'
import { globalState } from '../../state/global-state'
import { currentActivity, trackActivity } from './activity'
import { reportsInOrder } from './in-order'
import { onSubscribed } from '../../lib/realtime'
import { CHANNELS } from '../realtime/channels'

// Until the first heartbeat answers with the server's values (derived from its grace period).
const DEFAULT_INTERVALS = { visible: 20_000, hidden: 100_000 }

/**
 * The caller's presence: a visible tab is online (and keeps a heartbeat), a hidden one is away
 * (and keeps a slow heartbeat), a closing one says so with a beacon. The server derives device,
 * browser, OS and location; each heartbeat carries the activity (activity.ts) for the admin.
 */
export function usePresence() {
  const { account } = useSnapshot(globalState)
  const meId = account?.$id

  useEffect(() => {
    if (!meId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let intervals = DEFAULT_INTERVALS
    let stopped = false
    let beating = false
    // Asked for while one was on its way (one from before the connection dropped): another after.
    let again = false
    // This page's life: once its beacon has said offline, the server ignores its reports still
    // on their way. A page back from the back-forward cache starts a new one.
    let tab = crypto.randomUUID()
    const inOrder = reportsInOrder()

    const schedule = () => {
      clearTimeout(timer)
      if (stopped) return
      const wait = document.hidden ? intervals.hidden : intervals.visible
      timer = setTimeout(() => void beat(), wait)
    }
    // One heartbeat loop at a time. A hidden tab beats slowly: it tells the server the tab is
    // still open (else its user turns offline) and keeps the JWT its unload beacon needs fresh.
    const beat = async () => {
      clearTimeout(timer)
      if (stopped) return
      if (beating) return void (again = true)
      beating = true
      try {
        const answer = await inOrder(() =>
          productApi.heartbeat(document.hidden ? 'away' : 'online', currentActivity(), tab),
        )
        intervals = { visible: answer.intervalMs, hidden: answer.hiddenIntervalMs }
      } catch {
        // A missed beat is retried on the next tick; the server's grace period absorbs it.
      } finally {
        beating = false
      }
      if (again) return void ((again = false), beat())
      schedule()
    }
    const report = async (visible: boolean) => {
      try {
        const status = await inOrder(() =>
          productApi.updateStatus(
            meId,
            { isOnline: visible, presence: visible ? 'online' : 'away' },
            tab,
          ),
        )
        globalState.status = status
        if (status.location) globalState.location = status.location
      } catch {
        // Presence is best effort; the heartbeat and the server's sweep correct it.
      }
      // Hidden too: at once, not at the slow schedule's next beat, so the admin's view does not
      // say "Reading Home" beside "Away" for a minute and more (the beat carries the activity).
      void beat()
    }
    // Closing a tab fires beforeunload, pagehide, then visibilitychange: once leaving, the
    // beacon's "offline" is the last word and the hidden tab is not reported as away.
    let leaving = false
    const onVisibility = () => {
      if (!(leaving && document.hidden)) void report(!document.hidden)
    }
    const onShow = (e: PageTransitionEvent) => {
      leaving = false
      if (!e.persisted) return
      tab = crypto.randomUUID()
      void report(!document.hidden)
    }
    let leftAt = 0
    // pagehide and beforeunload both fire on a normal close; one beacon is enough.
    const onLeave = () => {
      leaving = true
      if (Date.now() - leftAt < 1000) return
      leftAt = Date.now()
      presenceBeacon('offline', tab)
    }

    // Back from a lost connection: online at once, not at the next beat up to 20 s later. The
    // browser's `online` comes before its network works; the realtime socket's confirmed
    // reconnect comes once it does.
    const onOnline = () => void beat()
    const offConfirmed = onSubscribed(CHANNELS.messages, onOnline)

    const stopTracking = trackActivity()
    void report(!document.hidden)
    addEventListener('online', onOnline)
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onLeave)
    window.addEventListener('beforeunload', onLeave)
    window.addEventListener('pageshow', onShow)
    return () => {
      stopped = true
      clearTimeout(timer)
      stopTracking()
      removeEventListener('online', onOnline)
      offConfirmed()
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onLeave)
      window.removeEventListener('beforeunload', onLeave)
      window.removeEventListener('pageshow', onShow)
    }
  }, [meId])
}

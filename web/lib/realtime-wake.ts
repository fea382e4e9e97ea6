import type { Realtime } from 'appwrite'

/** The SDK's socket state this file steers (private fields: chat-live-gaps.e2e breaks if they move). */
type SdkSocket = {
  socket?: WebSocket
  activeSubscriptions?: Map<string, unknown>
  reconnectAttempts: number
  createSocket(): Promise<void>
}

/** How long an open socket may stay silent after a ping before it is taken for dead. */
export const PROBE_MS = 5_000
// The SDK's count of failed retries past which it waits a minute between them.
const SLOWEST = 100

/**
 * The SDK retries a dropped socket with a back-off that grows to 10 s and then a minute, and a
 * background tab's timers run late: after a long offline spell, or back at a tab left in the
 * background, messages came seconds to a minute after the page had a connection again. When the
 * browser says it is online again, or the tab is shown, the link is reopened at once; an open one
 * is pinged first, as a socket whose network went away (a laptop's sleep) can still look open.
 */
export function wakeOnReturn(realtime: Realtime): void {
  const sdk = realtime as unknown as SdkSocket
  const reopen = () => {
    sdk.reconnectAttempts = 0
    void sdk.createSocket().catch(() => undefined)
  }
  let probing = false
  const wake = () => {
    const socket = sdk.socket
    // No socket yet, or none wanted (signed out): nothing to wake.
    // (An SDK whose fields moved wakes nothing, and throws nothing at each tab switch.)
    if (!socket || !sdk.activeSubscriptions?.size || !navigator.onLine) return
    if (socket.readyState === WebSocket.CONNECTING) return
    if (socket.readyState !== WebSocket.OPEN) return reopen()
    if (probing) return
    probing = true
    let heard = false
    const onFrame = () => (heard = true)
    socket.addEventListener('message', onFrame)
    socket.send(JSON.stringify({ type: 'ping' }))
    setTimeout(() => {
      probing = false
      socket.removeEventListener('message', onFrame)
      if (heard || sdk.socket !== socket || socket.readyState !== WebSocket.OPEN) return
      socket.close()
      reopen()
    }, PROBE_MS)
  }
  const onVisible = () => document.visibilityState === 'visible' && wake()
  // Offline, a retry can only fail, and logs its failure: one a minute, not one a second, until
  // the browser is online again and `wake` reopens at once. Installed once, for the page's life
  // (web/lib/realtime.ts), as the SDK's own listeners are.
  realtime.onClose(() => {
    if (!navigator.onLine) sdk.reconnectAttempts = Math.max(sdk.reconnectAttempts, SLOWEST)
  })
  window.addEventListener('online', wake)
  document.addEventListener('visibilitychange', onVisible)
}

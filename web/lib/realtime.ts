import { Realtime } from 'appwrite'
import { client } from './appwrite'
import { subscribedChannels } from './realtime-frames'
import { whenSettled } from './when-settled'

/** The app's one realtime connection (the SDK reconnects it with back-off on its own). */
export const realtime = new Realtime(client)

// Reopened at once when the connection or the tab comes back; a chunk of its own, as no first
// render needs it.
whenSettled(
  () =>
    void import('./realtime-wake').then(
      (m) => m.wakeOnReturn(realtime),
      () => {},
    ),
)

/*
 * A channel's events reach the app only once the server has applied the subscription, and the
 * SDK resolves subscribe() earlier (at the socket's open) and ignores the server's confirming
 * `response` frame. Data read before that moment can miss what happened in between, so the
 * confirmations are read off the SDK's socket (a private field: the reconnect e2e test breaks
 * if an SDK upgrade moves it).
 */
type Confirmed = { channel: string; listener: () => void; heard: boolean }
const confirmedListeners = new Set<Confirmed>()

realtime.onOpen(() => {
  const socket = (realtime as unknown as { socket?: WebSocket }).socket
  if (!socket) return
  socket.addEventListener('message', (event) => {
    const channels = subscribedChannels(event.data)
    if (!channels.length) return
    for (const c of [...confirmedListeners]) {
      if (!channels.includes(c.channel)) continue
      c.heard = true
      c.listener()
    }
  })
})

/**
 * Calls `listener` each time the server confirms a subscription to `channel`: the first one and
 * the one after every reconnect. From then on its events arrive, so that is when to catch up.
 * With `orAfterMs`, once anyway if no confirmation has come by then: twice in a full test run a
 * page under load never read the statuses after its reload, as if the first confirmation had not
 * reached it (docs/reliability.md), and a header must not stay without them.
 */
export function onSubscribed(
  channel: string,
  listener: () => void,
  { orAfterMs }: { orAfterMs?: number } = {},
): () => void {
  const entry: Confirmed = { channel, listener, heard: false }
  confirmedListeners.add(entry)
  const late =
    orAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          if (entry.heard) return
          console.warn(`realtime: no confirmation of ${channel} yet; reading without it`)
          listener()
        }, orAfterMs)
  return () => {
    clearTimeout(late)
    confirmedListeners.delete(entry)
  }
}

// The SDK cannot unregister an error callback, so one forwards to listeners that can leave.
const errorListeners = new Set<(code?: number) => void>()
realtime.onError((_err, code) => errorListeners.forEach((l) => l(code)))

/** An error frame or socket error (e.g. the socket's session is no longer valid). */
export function onRealtimeError(listener: (code?: number) => void): () => void {
  errorListeners.add(listener)
  return () => errorListeners.delete(listener)
}

/** Sign-out: drop every subscription and close the socket. */
export const stopRealtime = (): Promise<void> => realtime.disconnect()

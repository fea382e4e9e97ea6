import { Realtime } from 'appwrite'
import { client } from './appwrite'

/** The app's one realtime connection (the SDK reconnects it with back-off on its own). */
export const realtime = new Realtime(client)

// Events sent while the socket was down are never replayed, so whoever cached server data
// refetches after a reconnect; an open that follows a close is that moment.
let closedSinceOpen = false
let stopping = false
const reconnectListeners = new Set<() => void>()

realtime.onClose(() => {
  if (!stopping) closedSinceOpen = true
})
realtime.onOpen(() => {
  if (!closedSinceOpen) return
  closedSinceOpen = false
  reconnectListeners.forEach((listener) => listener())
})

export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener)
  return () => reconnectListeners.delete(listener)
}

/** Sign-out: drop every subscription and close the socket without counting it as an outage. */
export async function stopRealtime(): Promise<void> {
  stopping = true
  try {
    await realtime.disconnect()
  } finally {
    stopping = false
    closedSinceOpen = false
  }
}

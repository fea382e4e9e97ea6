import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { onSubscribed } from '../../lib/realtime'
import { globalState } from '../../state/global-state'
import { CHANNELS } from '../realtime/channels'
import { flushOutbox, stopOutboxRetry } from './send-queue'
import { openOutbox, showOtherTab } from './outbox-storage'
import { waiting } from './message-model'
import { retryFailedUploads } from './upload-queue'
import { loadMessageOps } from './message-parts'
import { actionQueueKey, hasQueuedActions } from './action-queue-key'

/**
 * The signed-in user's outbox: restored from the last visit and sent at once, then again
 * whenever the connection returns (the browser's online event, a realtime reconnect), when the
 * uploads a lost connection failed are tried again too, and edits, deletes and reactions made
 * offline go; online, a lost connection is tried again by itself (send-queue.ts).
 */
export function useOutboxSync() {
  const queryClient = useQueryClient()
  const { account } = useSnapshot(globalState)
  const meId = account?.$id

  useEffect(() => {
    if (!meId) return
    const flush = () => {
      retryFailedUploads(queryClient)
      void flushOutbox(queryClient)
      // Edits, deletes and reactions made offline wait with the message menu's chunk
      // (action-queue.ts).
      if (hasQueuedActions(meId))
        void loadMessageOps().then((m) => m.sendQueuedActions(queryClient, meId), noop)
    }
    // A tab that closed in the middle of a send leaves it to this one.
    const close = openOutbox(meId, flush)
    flush()
    window.addEventListener('online', flush)
    // Another tab of this user's wrote a message or queued a change offline, or sent what
    // waited: shown here too.
    const onStorage = ({ key, newValue }: StorageEvent) => {
      showOtherTab(meId, key, newValue)
      if (key === actionQueueKey(meId))
        void loadMessageOps().then((m) => m.showQueued(queryClient, meId), noop)
    }
    window.addEventListener('storage', onStorage)
    // The server confirms the subscription after every reconnect: the connection is back.
    const offConfirmed = onSubscribed(CHANNELS.messages, flush)
    return () => {
      window.removeEventListener('online', flush)
      window.removeEventListener('storage', onStorage)
      offConfirmed()
      stopOutboxRetry()
      close()
      // Signed out (or another user): what waited of this one's is not laid over the next's rooms.
      waiting.clear()
    }
  }, [meId, queryClient])
}

const noop = () => undefined

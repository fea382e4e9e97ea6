import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-error'
import { productApi } from '../../lib/product-api'
import { tryLater } from '../../lib/try-later'
import { storeMessage } from './apply-message-event'
import { toMessage, type PendingMessage } from './message-model'
import { outbox, removePending, setPendingState } from './outbox'
import { cancelUpload, canRetryUpload } from './upload-queue'

let running: Promise<void> | null = null
let again = false
// The queue's own next try after a lost connection.
const next = tryLater()

/**
 * Sends the outbox one message at a time in its queued order. Each carries its clientId, so a
 * message the server already stored (its answer was lost) is answered with that row, never doubled.
 * A lost connection stops the queue there: the ones behind it wait (marked not sent) for the next
 * flush, so they never overtake it. Online, the queue makes that flush itself, 1 s later doubling
 * to 30 s (the browser's `online` event comes before its network works, and a network can drop
 * a request meanwhile); offline, the `online` event makes it. A refusal (4xx) is not retried on
 * its own. One flush at a time; a call during one makes it go round again. A message whose file
 * is still uploading is skipped (a large upload must not hold back text); its upload's end
 * flushes again. Written offline, it goes behind the files written before it (`behind`).
 */
export function flushOutbox(queryClient: QueryClient): Promise<void> {
  next.stop()
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      await sendQueued(queryClient)
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}

async function sendQueued(queryClient: QueryClient) {
  const tried = new Set<string>()
  for (;;) {
    // Another tab's message on its way there is that tab's to send (outbox-storage.ts `showOtherTab`).
    const item = outbox.items.find(
      (i) =>
        i.state !== 'sent' &&
        !i.rejected &&
        !i.upload &&
        !tried.has(i.clientId) &&
        !(i.elsewhere && i.state === 'sending') &&
        !waitsForEarlier(i),
    )
    if (!item) return
    const { clientId, roomId, message, attachment: file, replyToId, gif, forwardOf } = item
    tried.add(clientId)
    // On its way: a restored or retried message is no longer "Not sent" while it goes.
    setPendingState(clientId, 'sending')
    const attachment = file && {
      fileId: file.fileId,
      ...(file.width && file.height ? { width: file.width, height: file.height } : {}),
      ...(file.thumbId ? { thumbId: file.thumbId } : {}),
      // Undefined ones are left out of the JSON.
      durationMs: file.duration ?? undefined,
      waveform: file.waveform ?? undefined,
    }
    try {
      // A forward names its message: the server copies what it says or shows.
      const row = await productApi.addMessage(
        forwardOf
          ? { clientId, roomId, forwardOf }
          : {
              clientId,
              roomId,
              message,
              attachment,
              ...(replyToId ? { replyToId } : {}),
              ...(gif ? { gif } : {}),
            },
      )
      setPendingState(clientId, 'sent')
      next.passed()
      storeMessage(queryClient, toMessage(row as unknown as Record<string, unknown>))
    } catch (err) {
      if (isRefusal(err)) {
        setPendingState(clientId, 'failed', (err as ApiError).code || true)
        continue
      }
      for (const rest of outbox.items)
        if (
          !rest.upload &&
          ((rest.state === 'sending' && !rest.elsewhere) || rest.clientId === clientId)
        )
          setPendingState(rest.clientId, 'failed')
      next.after(() => void flushOutbox(queryClient))
      return
    }
  }
}

/**
 * One of several files sent at once goes after every one before it that may still go (`after`),
 * even when its own upload ended first: one on its way, or whose upload failed with the file
 * still here to try again (by itself online, or with "Retry upload"). One refused, or whose file
 * is gone, holds none back; one taken back leaves the chain (outbox.ts `removePending`). So
 * does the file a message written offline is `behind`.
 */
function waitsForEarlier(item: PendingMessage) {
  return holdsBack(item.after) || holdsBack(item.behind)
}

/** Whether the message `first`, or one it goes after, may still go (and so comes first). */
function holdsBack(first: string | undefined) {
  for (let id = first; id;) {
    const before = outbox.items.find((i) => i.clientId === id)
    if (!before) return false
    const mayGo = !before.rejected && (!before.upload?.failed || canRetryUpload(before.clientId))
    if (before.state !== 'sent' && mayGo) return true
    id = before.after
  }
  return false
}

/**
 * Takes back a message that has not gone (its upload stopped, if it had one): the bubble goes,
 * nothing is sent, and what it held back (`waitsForEarlier`) goes now.
 */
export function takeBack(queryClient: QueryClient, clientId: string) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  // Of several files, the first carries the caption and the reply: they go on with the next.
  const next = outbox.items.find((i) => i.after === clientId && i.state !== 'sent' && !i.message)
  if (item && next) Object.assign(next, { message: item.message, replyToId: item.replyToId })
  if (item?.upload) cancelUpload(clientId)
  else removePending(new Set([clientId]))
  void flushOutbox(queryClient)
}

/** No automatic try pending (a flush starts, or the outbox closes at sign-out). */
export const stopOutboxRetry = next.stop

// 401 (a session renewed meanwhile), 408 and 429 may pass on a later try; other 4xx will not.
const isRefusal = (err: unknown) =>
  err instanceof ApiError &&
  err.status >= 400 &&
  err.status < 500 &&
  ![401, 408, 429].includes(err.status)

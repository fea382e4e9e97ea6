import { useQueryClient } from '@tanstack/react-query'
import { ID } from 'appwrite'
import { useCallback } from 'react'
import { setSearch } from '../../state/ui-state'
import { isPlayableAudio } from '../../../shared/media-box'
import { measureImage } from './attachment-format'
import type { GifRef, PendingMessage } from './message-model'
import { loadVoice } from './message-parts'
import { addPending, outbox, setPendingState } from './outbox'
import { flushOutbox } from './send-queue'
import { retryUpload, uploadAndSend } from './upload-queue'

/**
 * Optimistic send: the message shows at once with a clientId and joins the outbox, which sends
 * in order; a failure leaves it marked with a Retry (which sends the queue again from the start).
 * A message with a file shows its upload first and is sent once the file is in the bucket;
 * several files are several messages, sent in the order picked.
 * Sending leaves a search, whose results would not show the new message.
 */
// The voice chunk's: only a send with a sound file needs it (precached, so offline too).
const measureAudio = (file: File) =>
  loadVoice()
    .then((m) => m.measureAudio(file))
    .catch(() => null)
const measure = async (file: File) => ({
  pixels: await measureImage(file),
  audio: isPlayableAudio(file.type) ? await measureAudio(file) : null,
})

/**
 * Offline, the room's last file still to go (its upload waits for the connection): what is
 * written now goes after it, in the order written. Online, an upload on its way holds back none.
 */
export const behindOffline = (roomId: string) =>
  navigator.onLine
    ? undefined
    : outbox.items.findLast((i) => i.roomId === roomId && i.upload && i.state !== 'sent')?.clientId

export function useSendMessage(roomId: string, senderId: string) {
  const queryClient = useQueryClient()

  const send = useCallback(
    async (message: string, files: readonly File[] = [], replyToId?: string) => {
      setSearch('')
      const behind = behindOffline(roomId)
      const pending = (text: string, reply?: string): PendingMessage => ({
        clientId: crypto.randomUUID(),
        roomId,
        message: text,
        senderId,
        createdAt: new Date().toISOString(),
        state: 'sending',
        ...(reply ? { replyToId: reply } : {}),
        ...(behind && { behind }),
      })
      if (!files.length) {
        addPending(pending(message, replyToId))
        return flushOutbox(queryClient)
      }
      // Measured first, so each pending bubble already reserves its image's box, or shows the
      // voice message's length and bars. Queued in the order staged, the caption and the reply
      // with the first; each waits for the one before it (`after`), however its upload goes.
      // One at a time: ten photos decoded at once are more than a phone's memory can spare.
      const measured: Awaited<ReturnType<typeof measure>>[] = []
      for (const file of files) measured.push(await measure(file))
      let after: string | undefined
      const queued = files.map((file, i) => {
        const item = pending(i ? '' : message, i ? undefined : replyToId)
        const { pixels, audio } = measured[i]!
        addPending({
          ...item,
          attachment: {
            fileId: ID.unique(),
            name: file.name,
            type: file.type || 'application/octet-stream',
            size: file.size,
            width: pixels?.width ?? null,
            height: pixels?.height ?? null,
            ...(audio && { duration: audio.duration, waveform: audio.waveform ?? null }),
          },
          upload: { progress: 0, failed: false },
          ...(after && { after }),
        })
        after = item.clientId
        return uploadAndSend(queryClient, item.clientId, file)
      })
      return Promise.all(queued)
    },
    [queryClient, roomId, senderId],
  )

  // A GIF goes through the outbox like text: queued offline, it is sent once when back online.
  const sendGif = useCallback(
    (gif: GifRef, replyToId?: string) => {
      setSearch('')
      const behind = behindOffline(roomId)
      addPending({
        clientId: crypto.randomUUID(),
        roomId,
        message: '',
        senderId,
        createdAt: new Date().toISOString(),
        state: 'sending',
        gif,
        ...(behind && { behind }),
        ...(replyToId ? { replyToId } : {}),
      })
      return flushOutbox(queryClient)
    },
    [queryClient, roomId, senderId],
  )

  const retry = useCallback(
    (clientId: string) => {
      if (outbox.items.find((i) => i.clientId === clientId)?.upload?.failed)
        return void retryUpload(queryClient, clientId)
      setPendingState(clientId, 'sending')
      void flushOutbox(queryClient)
    },
    [queryClient],
  )

  return { send, sendGif, retry }
}

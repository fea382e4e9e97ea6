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
 * A message with a file shows its upload first and is sent once the file is in the bucket.
 * Sending leaves a search, whose results would not show the new message.
 */
// The voice chunk's: only a send with a sound file needs it (precached, so offline too).
const measureAudio = (file: File) =>
  loadVoice()
    .then((m) => m.measureAudio(file))
    .catch(() => null)

export function useSendMessage(roomId: string, senderId: string) {
  const queryClient = useQueryClient()

  const send = useCallback(
    async (message: string, file?: File, replyToId?: string) => {
      setSearch('')
      const item: PendingMessage = {
        clientId: crypto.randomUUID(),
        roomId,
        message,
        senderId,
        createdAt: new Date().toISOString(),
        state: 'sending',
        ...(replyToId ? { replyToId } : {}),
      }
      if (!file) {
        addPending(item)
        return flushOutbox(queryClient)
      }
      // Measured first, so the pending bubble already reserves the image's box, or shows the
      // voice message's length and bars.
      const pixels = await measureImage(file)
      const audio = isPlayableAudio(file.type) ? await measureAudio(file) : null
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
      })
      return uploadAndSend(queryClient, item.clientId, file)
    },
    [queryClient, roomId, senderId],
  )

  // A GIF goes through the outbox like text: queued offline, it is sent once when back online.
  const sendGif = useCallback(
    (gif: GifRef, replyToId?: string) => {
      setSearch('')
      addPending({
        clientId: crypto.randomUUID(),
        roomId,
        message: '',
        senderId,
        createdAt: new Date().toISOString(),
        state: 'sending',
        gif,
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

import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { productApi } from '../../lib/product-api'
import { storeMessage } from './apply-message-event'
import { toMessage, type PendingMessage } from './message-model'
import { addPending, outbox, setPendingState } from './outbox'

/**
 * Optimistic send: the message shows at once with a clientId, the server stores it once even
 * when retried (idempotent by clientId), and a failure leaves it marked with a retry.
 */
export function useSendMessage(roomId: string, senderId: string) {
  const queryClient = useQueryClient()

  const post = useCallback(
    async (item: Pick<PendingMessage, 'clientId' | 'roomId' | 'message'>) => {
      setPendingState(item.clientId, 'sending')
      try {
        const row = await productApi.addMessage(item)
        storeMessage(queryClient, toMessage(row as unknown as Record<string, unknown>))
      } catch {
        setPendingState(item.clientId, 'failed')
      }
    },
    [queryClient],
  )

  const send = useCallback(
    (message: string) => {
      const item: PendingMessage = {
        clientId: crypto.randomUUID(),
        roomId,
        message,
        senderId,
        createdAt: new Date().toISOString(),
        state: 'sending',
      }
      addPending(item)
      void post(item)
    },
    [post, roomId, senderId],
  )

  const retry = useCallback(
    (clientId: string) => {
      const item = outbox.items.find((i) => i.clientId === clientId)
      if (item) void post(item)
    },
    [post],
  )

  return { send, retry }
}

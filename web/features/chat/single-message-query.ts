import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { isBackendError } from '../../lib/errors'
import { tablesDB } from '../../lib/appwrite'
import { toMessage, type Message } from './message-model'

export const singleMessageKey = (messageId: string) => ['message', messageId] as const

/**
 * One message by id, for a quote whose original is not among the loaded pages; null when it is
 * gone. Realtime events keep it current (patchSingleMessage).
 */
export const singleMessageQuery = (messageId: string) =>
  queryOptions({
    queryKey: singleMessageKey(messageId),
    staleTime: Infinity,
    queryFn: async (): Promise<Message | null> => {
      try {
        const row = await tablesDB.getRow({
          databaseId: DATABASE_ID,
          tableId: TABLE_IDS.messages,
          rowId: messageId,
        })
        return toMessage(row as unknown as Record<string, unknown>)
      } catch (err) {
        if (isBackendError(err) && err.code === 404) return null
        throw err
      }
    },
  })

/** A realtime event for a message some quote holds on its own: it changes there too. */
export function patchSingleMessage(client: QueryClient, message: Message, deleted = false) {
  const key = singleMessageKey(message.$id)
  if (client.getQueryData(key) !== undefined) client.setQueryData(key, deleted ? null : message)
}

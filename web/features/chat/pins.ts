import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { PIN_LIMIT } from '../../../shared/constants'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import type { Message as Answer } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'
import { tablesDB } from '../../lib/appwrite'
import { errorMessage } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { toMessage, type Message } from './message-model'

// A room's pinned messages (worker/routes/message-pins.ts): its bar, and the menu's Pin / Unpin.
// A chunk of its own with the bar and the item, as seldom wanted as they.

export const pinnedKey = (roomId: string) => ['pinned', roomId] as const

/** Newest pin first, at most PIN_LIMIT; kept current by the messages' realtime events. */
export const pinnedQuery = (roomId: string) =>
  queryOptions({
    queryKey: pinnedKey(roomId),
    queryFn: async (): Promise<Message[]> => {
      const { rows } = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.messages,
        queries: [
          Query.equal('roomId', roomId),
          Query.isNotNull('pinnedAt'),
          Query.orderDesc('pinnedAt'),
          Query.limit(PIN_LIMIT),
        ],
        total: false,
      })
      return rows.map((r) => toMessage(r as unknown as Record<string, unknown>))
    },
    staleTime: Infinity,
  })

/**
 * A message row changed (its event): read the room's pins again when it is pinned now or was
 * (a pin, an unpin, a pinned message's edit or delete). Nothing when the bar never read them.
 */
export function onMessageChange(
  queryClient: QueryClient,
  roomId: string,
  messageId: string,
  pinnedAt: unknown,
) {
  const pins = queryClient.getQueryData<Message[]>(pinnedKey(roomId))
  if (pins && (pinnedAt || pins.some((m) => m.$id === messageId)))
    void queryClient.invalidateQueries({ queryKey: pinnedKey(roomId) })
}

/** Pins or unpins for both partners; a refusal (offline, deleted meanwhile) says so. */
export async function setPinned(
  queryClient: QueryClient,
  roomId: string,
  messageId: string,
  on: boolean,
) {
  try {
    await apiPost<Answer>('/message/pin', { messageId, on }, 'Message')
    await queryClient.invalidateQueries({ queryKey: pinnedKey(roomId) })
  } catch (err) {
    notify({ title: on ? 'Not pinned' : 'Not unpinned', body: errorMessage(err) })
  }
}

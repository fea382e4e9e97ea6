import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { MESSAGES_PER_BATCH } from '../../../shared/constants'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { readWhileLogging } from './live-replay'
import {
  awaitsReading,
  countUnread,
  flattenPages,
  toMessage,
  type Message,
  type MessagePage,
} from './message-model'
import { messagesKey } from './messages-query'
import { markRead, readState } from './read-state'
import { receiptsQuery } from './receipts-query'
import { loadEventExtras } from './message-parts'
import { whenSettled } from '../../lib/when-settled'

export const unreadKey = (roomId: string) => ['unread', roomId] as const

/**
 * Messages from the partner newer than the last read seq (the server's or this device's) (at most one batch, shown
 * as "99+" beyond). Realtime events keep the count current between fetches.
 */
export const unreadQuery = (roomId: string, meId: string) =>
  queryOptions({
    queryKey: unreadKey(roomId),
    queryFn: async ({ client }) => {
      // The server's position (any device's reading) first; this device's mark if it is newer.
      const receipts = await client.fetchQuery(receiptsQuery(meId)).catch(() => undefined)
      const server = receipts?.own[roomId]
      if (server !== undefined) markRead(roomId, server, true)
      const known = readState.lastRead[roomId]
      // A room this device never opened starts counting from now, not from its first message.
      const queries =
        known === undefined
          ? [Query.orderDesc('seq'), Query.limit(1)]
          : [
              Query.greaterThan('seq', known),
              Query.orderDesc('seq'),
              Query.limit(MESSAGES_PER_BATCH),
            ]
      const { answer, arrived } = await readWhileLogging(roomId, () =>
        tablesDB.listRows({
          databaseId: DATABASE_ID,
          tableId: TABLE_IDS.messages,
          queries: [Query.equal('roomId', roomId), ...queries],
        }),
      )
      const rows = answer.rows.map((r) => toMessage(r as unknown as Record<string, unknown>))
      const newest = Math.max(known ?? 0, ...rows.map((m) => m.seq))
      // This device now holds the partner's newest messages: their "Delivered".
      const theirs = rows.find((m) => awaitsReading(m, meId))
      // Once the page has settled: its chunk is no part of the room's first load.
      if (theirs)
        whenSettled(
          () =>
            void loadEventExtras().then(
              (x) => x.noteDelivered(client, meId, roomId, theirs.seq),
              () => undefined,
            ),
        )
      if (known === undefined) markRead(roomId, newest, true)
      // Messages newer than the read saw: their events counted into the cache this replaces.
      const later = new Map<string, Message>()
      for (const { message, deleted } of arrived) {
        if (deleted) later.delete(message.$id)
        else if (message.seq > newest) later.set(message.$id, message)
      }
      const counted = known === undefined ? [] : rows
      // Against the current mark: a message read meanwhile (the room open) no longer counts.
      const lastRead = readState.lastRead[roomId] ?? newest
      return countUnread([...counted, ...later.values()], lastRead, meId)
    },
    staleTime: Infinity,
  })

/**
 * The badge as the reader goes down the room: what is left unread past `seq`, the newest row on
 * screen, of its loaded messages (every one newer than a row on screen is loaded). It only goes
 * down this way; realtime counts what arrives.
 */
export function recountUnread(queryClient: QueryClient, roomId: string, meId: string, seq: number) {
  const pages = queryClient.getQueryData<InfiniteData<MessagePage>>(messagesKey(roomId))?.pages
  if (!pages) return
  const left = countUnread(flattenPages(pages), seq, meId)
  queryClient.setQueryData<number>(unreadKey(roomId), (n) =>
    n === undefined ? n : Math.min(n, left),
  )
}

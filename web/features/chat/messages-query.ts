import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { MESSAGES_PER_BATCH } from '../../../shared/constants'
import { DATABASE_ID, TABLES } from '../../../shared/db-schema'
import { tablesDB } from '../../lib/appwrite'
import { toMessage, type MessagePage } from './message-model'

export const messagesKey = (roomId: string) => ['messages', roomId] as const

/** Newest 100 first; each older page starts below the oldest seq loaded (spec: batches of 100). */
export const messagesQuery = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(roomId),
    // Realtime events keep the pages current (and a reconnect refetches them), so the room
    // opening right after the sign-in prefetch does not load them a second time.
    staleTime: 10_000,
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<MessagePage> => {
      const queries = [
        Query.equal('roomId', roomId),
        Query.orderDesc('seq'),
        Query.limit(MESSAGES_PER_BATCH),
      ]
      if (pageParam !== null) queries.push(Query.lessThan('seq', pageParam))
      const list = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLES.messages.id,
        queries,
      })
      return { rows: list.rows.map((r) => toMessage(r as unknown as Record<string, unknown>)) }
    },
    getNextPageParam: (last) =>
      last.rows.length < MESSAGES_PER_BATCH ? undefined : Math.min(...last.rows.map((m) => m.seq)),
  })

export type MessagesData = InfiniteData<MessagePage, number | null>

import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { MESSAGES_PER_BATCH } from '../../../shared/constants'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { takeFirstLoadRows } from '../../lib/first-load'
import { fetchBegins } from './live-replay'
import { olderPage, toMessage, type MessagePage } from './message-model'
import { shareMessages } from './share-messages'

export const messagesKey = (roomId: string) => ['messages', roomId] as const

/**
 * One page of a room's messages, newest first, below `before` (a seq) when given; `filters`
 * narrow it further (e.g. a search). Pages hold 100 rows (spec: batches of 100).
 */
export async function fetchPage(
  roomId: string,
  before: number | null,
  filters: string[] = [],
): Promise<MessagePage> {
  const queries = [
    Query.equal('roomId', roomId),
    ...filters,
    Query.orderDesc('seq'),
    Query.limit(MESSAGES_PER_BATCH),
  ]
  if (before !== null) queries.push(Query.lessThan('seq', before))
  const list = await tablesDB.listRows({
    databaseId: DATABASE_ID,
    tableId: TABLE_IDS.messages,
    queries,
    // Nothing reads the count, and counting a long history (up to 5,000 rows) cost every page.
    total: false,
  })
  return { rows: list.rows.map((r) => toMessage(r as unknown as Record<string, unknown>)) }
}

/** Newest 100 first; each older page starts below the oldest seq loaded. */
export const messagesQuery = (roomId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(roomId),
    // Realtime events keep the pages current (and a reconnect refetches them), so the room
    // opening right after the sign-in prefetch does not load them a second time.
    staleTime: 10_000,
    structuralSharing: shareMessages,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, client }) => {
      fetchBegins(client, roomId)
      return fetchPage(roomId, pageParam)
    },
    getNextPageParam: olderPage,
    // The newest page the Worker embedded in this page's HTML, when it is this room's.
    initialData: () => {
      const rows = takeFirstLoadRows(roomId)
      return rows
        ? {
            pages: [{ rows: rows.map((r) => toMessage(r as Record<string, unknown>)) }],
            pageParams: [null],
          }
        : undefined
    },
  })

/**
 * The room's messages containing `term` (case-insensitive substring, Appwrite's `contains` on
 * a string; no full-text index needed), newest 100 first, older ones page by page. One retry:
 * after that the list says it searched only what is loaded. The text as typed, or what it lacks
 * (`searchText`: a document's name, the text as read where formatting markers make it differ), so
 * "see you" finds "*see* you"; the list keeps those that match as read (matchesSearch).
 */
export const searchMessagesQuery = (roomId: string, term: string) =>
  infiniteQueryOptions({
    queryKey: ['message-search', roomId, term] as const,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      fetchPage(roomId, pageParam, [
        Query.or([Query.contains('message', [term]), Query.contains('searchText', [term])]),
      ]),
    getNextPageParam: olderPage,
    retry: 1,
  })

export type MessagesData = InfiniteData<MessagePage, number | null>

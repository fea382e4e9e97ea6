import { queryOptions } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { MESSAGES_PER_BATCH } from '../../../shared/constants'
import { DATABASE_ID, TABLES } from '../../../shared/db-schema'
import { tablesDB } from '../../lib/appwrite'
import { countUnread, toMessage } from './message-model'
import { markRead, readState } from './read-state'

export const unreadKey = (roomId: string) => ['unread', roomId] as const

/**
 * Messages from the partner newer than this device's last read seq (at most one batch, shown
 * as "99+" beyond). Realtime events keep the count current between fetches.
 */
export const unreadQuery = (roomId: string, meId: string) =>
  queryOptions({
    queryKey: unreadKey(roomId),
    queryFn: async () => {
      const known = readState.lastRead[roomId]
      // A room this device never opened starts counting from now, not from its first message.
      if (known === undefined) {
        const newest = await tablesDB.listRows({
          databaseId: DATABASE_ID,
          tableId: TABLES.messages.id,
          queries: [Query.equal('roomId', roomId), Query.orderDesc('seq'), Query.limit(1)],
        })
        const seq = newest.rows[0]
          ? toMessage(newest.rows[0] as unknown as Record<string, unknown>).seq
          : 0
        markRead(roomId, seq, true)
        return 0
      }
      const lastRead = known
      const list = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLES.messages.id,
        queries: [
          Query.equal('roomId', roomId),
          Query.greaterThan('seq', lastRead),
          Query.orderDesc('seq'),
          Query.limit(MESSAGES_PER_BATCH),
        ],
      })
      const rows = list.rows.map((r) => toMessage(r as unknown as Record<string, unknown>))
      return countUnread(rows, lastRead, meId)
    },
    staleTime: Infinity,
  })

export const unreadLabel = (n: number) => (n >= MESSAGES_PER_BATCH ? '99+' : String(n))

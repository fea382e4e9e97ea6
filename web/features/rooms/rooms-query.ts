import { Query } from 'appwrite'
import { queryOptions } from '@tanstack/react-query'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { toRoom } from '../../../shared/room-list'
import { takeFirstLoadRooms } from '../../lib/first-load'

/** Rooms by name; deleted ones are fetched only for the admin view (reloads when it flips). */
export const roomsQuery = (isAdmin: boolean) =>
  queryOptions({
    queryKey: ['rooms', { isAdmin }],
    // The page's embedded list, shown at once and read again in the background (stale at once).
    initialData: () => takeFirstLoadRooms(isAdmin),
    queryFn: async () => {
      const queries = [Query.orderAsc('name'), Query.limit(500)]
      if (!isAdmin) queries.push(Query.equal('isDeleted', false))
      const list = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.rooms,
        queries,
      })
      return list.rows.map((row) => toRoom(row as unknown as Record<string, unknown>))
    },
  })

import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { applyReaction, REACTIONS_PAGE, toReaction, type Reaction } from '../../../shared/reactions'
import { firstLoadOf } from '../../lib/first-load'

export { toReaction, type Reaction }

export const reactionsKey = (roomId: string) => ['reactions', roomId] as const

/** Events that arrive while a room's reactions are read, replayed onto the answer. */
const reading = new Map<string, { r: Reaction; on: boolean }[]>()

/** Every reaction of a room (two people react little), in pages of 1000. */
export const reactionsQuery = (roomId: string) =>
  queryOptions({
    queryKey: reactionsKey(roomId),
    staleTime: 10_000,
    // What the Worker embedded in this page's HTML, when it is this room's (read again once the
    // realtime subscription is confirmed, as every query).
    initialData: () => firstLoadOf(roomId, 'reactions'),
    queryFn: async () => {
      const arrived: { r: Reaction; on: boolean }[] = []
      reading.set(roomId, arrived)
      try {
        let all: Reaction[] = []
        for (let cursor: string | undefined; ;) {
          const queries = [Query.equal('roomId', roomId), Query.limit(REACTIONS_PAGE)]
          if (cursor) queries.push(Query.cursorAfter(cursor))
          const list = await tablesDB.listRows({
            databaseId: DATABASE_ID,
            tableId: TABLE_IDS.reactions,
            queries,
          })
          all = all.concat(
            list.rows.map((r) => toReaction(r as unknown as Record<string, unknown>)),
          )
          if (list.rows.length < REACTIONS_PAGE) break
          cursor = all.at(-1)!.$id
        }
        return arrived.reduce((acc, e) => applyReaction(acc, e.r, e.on), all)
      } finally {
        if (reading.get(roomId) === arrived) reading.delete(roomId)
      }
    },
  })

/** One reaction event (or the caller's own answered toggle) → the room's cached list. */
export function storeReaction(client: QueryClient, r: Reaction, on: boolean) {
  reading.get(r.roomId)?.push({ r, on })
  client.setQueryData<Reaction[]>(reactionsKey(r.roomId), (list) =>
    list ? applyReaction(list, r, on) : list,
  )
}

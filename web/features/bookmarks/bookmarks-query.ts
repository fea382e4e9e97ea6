import { queryOptions } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { toBookmark } from './bookmark-model'

import { BOOKMARKS_KEY } from './bookmarks-key'
export { BOOKMARKS_KEY }
const SEARCHED = ['title', 'note', 'url', 'excerpt', 'roomName', 'senderName']
export const BOOKMARKS_LIMIT = 500

/**
 * The caller's bookmarks, newest first; a term matches any of the text columns as a substring
 * (Appwrite's `contains`). Only the owner can read a row, so no owner filter is needed.
 */
export const bookmarksQuery = (term: string) =>
  queryOptions({
    queryKey: [...BOOKMARKS_KEY, term.trim().toLowerCase()],
    queryFn: async () => {
      const q = term.trim()
      const queries = [Query.orderDesc('$createdAt'), Query.limit(BOOKMARKS_LIMIT)]
      if (q) queries.push(Query.or(SEARCHED.map((c) => Query.contains(c, q))))
      const list = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.bookmarks,
        queries,
      })
      return list.rows.map((r) => toBookmark(r as unknown as Record<string, unknown>))
    },
  })

/** The saved messages as they are now: those gone, and those edited since they were written. */
export type SavedNow = { asked: Set<string>; deleted: Set<string>; edited: Set<string> }

/**
 * The saved messages as they are now (a deleted message's row is gone, or carries a deletion
 * mark; an edited one carries `editedAt`): one read of the messages table for the ids shown.
 * Under the bookmarks' key, so an edit's update of a bookmark reads it again too.
 */
export const savedMessagesQuery = (ids: string[]) =>
  queryOptions({
    queryKey: [...BOOKMARKS_KEY, { savedNow: [...ids].sort() }],
    enabled: ids.length > 0,
    // A bookmark added or a search typed changes the ids: the items keep what was known of them
    // meanwhile instead of all forgetting it at once.
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<SavedNow> => {
      const list = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.messages,
        queries: [Query.equal('$id', ids), Query.limit(ids.length)],
      })
      const live = list.rows
        .map((r) => r as unknown as Record<string, unknown>)
        .filter((r) => r.isDeleted !== true && !r.deletedAt)
      const kept = new Set(live.map((r) => String(r.$id)))
      return {
        asked: new Set(ids),
        deleted: new Set(ids.filter((id) => !kept.has(id))),
        edited: new Set(live.filter((r) => r.editedAt).map((r) => String(r.$id))),
      }
    },
  })

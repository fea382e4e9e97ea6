import { ID, Permission, Query, Role, type TablesDB } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'

/** Only the owner may read, change or remove a bookmark. */
export const ownerOnly = (userId: string) => [
  Permission.read(Role.user(userId)),
  Permission.update(Role.user(userId)),
  Permission.delete(Role.user(userId)),
]

/**
 * The row id of a saved message: derived from owner and message, so a second save (a double
 * click, a second tab) collides on the primary key instead of adding a duplicate. Both backends
 * enforce it the same way; no column or index is needed.
 */
export async function messageBookmarkId(ownerId: string, messageId: string): Promise<string> {
  const data = new TextEncoder().encode(`${ownerId}\n${messageId}`)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data))
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `b${hex.slice(0, 35)}`
}

const isConflict = (err: unknown) =>
  err instanceof Error && (err as Error & { code?: unknown }).code === 409

const isNotFound = (err: unknown) =>
  err instanceof Error && (err as Error & { code?: unknown }).code === 404

/**
 * Saves a message bookmark once per owner and message: `created` false when it was already
 * saved (the stored row is left as it is); `rowId` is the bookmark's row either way. The id can
 * be worked out by anyone who knows both ids, so a row under it that the owner cannot read is
 * someone else's squatting it: the bookmark is then saved under a fresh id (once: the owner's
 * own rows are checked first) rather than refused.
 */
export async function saveMessageBookmark(
  tables: TablesDB,
  ownerId: string,
  data: Record<string, unknown> & { messageId: string },
): Promise<{ created: boolean; rowId: string }> {
  const create = (rowId: string) =>
    tables.createRow({
      databaseId: DATABASE_ID,
      tableId: TABLE_IDS.bookmarks,
      rowId,
      data,
      permissions: ownerOnly(ownerId),
    })
  const rowId = await messageBookmarkId(ownerId, data.messageId)
  try {
    await create(rowId)
    return { created: true, rowId }
  } catch (err) {
    if (!isConflict(err)) throw err
  }
  try {
    await tables.getRow({ databaseId: DATABASE_ID, tableId: TABLE_IDS.bookmarks, rowId })
    return { created: false, rowId }
  } catch (err) {
    if (!isNotFound(err)) throw err
  }
  // Squatted: the owner's own rows (the only ones they can list) say whether it is saved already.
  const own = await tables.listRows({
    databaseId: DATABASE_ID,
    tableId: TABLE_IDS.bookmarks,
    queries: [Query.equal('messageId', data.messageId), Query.limit(1)],
  })
  const saved = own.rows[0]
  if (saved) return { created: false, rowId: saved.$id }
  const fresh = await create(ID.unique())
  return { created: true, rowId: fresh.$id }
}

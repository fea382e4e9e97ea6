import { Permission, Role, type TablesDB } from 'appwrite'
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

/**
 * Saves a message bookmark once per owner and message: `created` false when it was already
 * saved (the stored row is left as it is).
 */
export async function saveMessageBookmark(
  tables: TablesDB,
  ownerId: string,
  data: Record<string, unknown> & { messageId: string },
): Promise<{ created: boolean }> {
  const rowId = await messageBookmarkId(ownerId, data.messageId)
  try {
    await tables.createRow({
      databaseId: DATABASE_ID,
      tableId: TABLE_IDS.bookmarks,
      rowId,
      data,
      permissions: ownerOnly(ownerId),
    })
    return { created: true }
  } catch (err) {
    if (isConflict(err)) return { created: false }
    throw err
  }
}

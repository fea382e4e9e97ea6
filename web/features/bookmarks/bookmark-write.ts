import { ID, Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { roomPath } from '../../../shared/nav-model'
import { ownerOnly, saveMessageBookmark } from './save-once'

// Writes without zod: the chat's Bookmark action loads them once the room has settled
// (web/features/chat/message-parts.ts), so they stay small.

export const createBookmark = (userId: string, data: Record<string, unknown>) =>
  tablesDB.createRow({
    databaseId: DATABASE_ID,
    tableId: TABLE_IDS.bookmarks,
    rowId: ID.unique(),
    data,
    permissions: ownerOnly(userId),
  })

export type SavedMessage = {
  messageId: string
  roomId: string
  roomName: string
  senderId: string
  senderName: string
  /** What the bookmark shows and its search reads (shared/bookmark-texts.ts bookmarkExcerpt). */
  excerpt: string
  seq: number
  at: string
}

/**
 * Saves a message with a copy of what it shows, so the bookmark outlives its deletion; once per
 * message (`created` false when it was saved before).
 */
export function bookmarkMessage(userId: string, m: SavedMessage) {
  return saveMessageBookmark(tablesDB, userId, {
    kind: 'message',
    url: roomPath(m.roomId),
    title: '',
    note: '',
    messageId: m.messageId,
    roomId: m.roomId,
    roomName: m.roomName.slice(0, 64),
    senderId: m.senderId,
    senderName: m.senderName.slice(0, 128),
    excerpt: m.excerpt,
    messageSeq: m.seq,
    messageAt: m.at,
  })
}

/**
 * The room's saved messages as message id → bookmark row id: what its menus offer to remove.
 * Only the owner can read a bookmark, so the list is the caller's own.
 */
export async function readRoomBookmarks(roomId: string): Promise<Record<string, string>> {
  const list = await tablesDB.listRows({
    databaseId: DATABASE_ID,
    tableId: TABLE_IDS.bookmarks,
    queries: [
      Query.equal('roomId', roomId),
      Query.equal('kind', 'message'),
      Query.select(['$id', 'messageId']),
      Query.limit(ROOM_BOOKMARKS_LIMIT),
    ],
    total: false,
  })
  return Object.fromEntries(list.rows.map((r) => [String(r.messageId), r.$id]))
}

// Past it, an older saved message offers "Bookmark" again, and saving says it is already saved.
const ROOM_BOOKMARKS_LIMIT = 1000

export const removeBookmark = (rowId: string) =>
  tablesDB.deleteRow({ databaseId: DATABASE_ID, tableId: TABLE_IDS.bookmarks, rowId })

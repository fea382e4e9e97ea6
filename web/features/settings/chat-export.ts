import { Query } from 'appwrite'
import { HOME_ROOM_ID, MESSAGES_PER_BATCH } from '../../../shared/constants'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { tablesDB } from '../../lib/appwrite'
import { globalState } from '../../state/global-state'
import { toMessage, type Message } from '../chat/message-model'
import { toRoom } from '../rooms/rooms-query'
import { chatExportText, type ExportRoom } from './chat-export-text'

/** A room's whole history, oldest first, a page of 100 at a time after the last row read. */
async function roomMessages(roomId: string, onPage: (n: number) => void): Promise<Message[]> {
  const all: Message[] = []
  for (;;) {
    const last = all.at(-1)?.$id
    const list = await tablesDB.listRows({
      databaseId: DATABASE_ID,
      tableId: TABLE_IDS.messages,
      queries: [
        Query.equal('roomId', roomId),
        Query.orderAsc('seq'),
        Query.limit(MESSAGES_PER_BATCH),
        ...(last === undefined ? [] : [Query.cursorAfter(last)]),
      ],
      total: false,
    })
    all.push(...list.rows.map((r) => toMessage(r as unknown as Record<string, unknown>)))
    onPage(list.rows.length)
    if (list.rows.length < MESSAGES_PER_BATCH) return all
  }
}

/**
 * Every room this account reads (Home first, then by name; the admin's deleted ones too), each
 * with its whole history, as the text chatExportText writes. `onProgress` hears the count so far.
 */
export async function exportChats(onProgress: (messages: number) => void): Promise<string> {
  const list = await tablesDB.listRows({
    databaseId: DATABASE_ID,
    tableId: TABLE_IDS.rooms,
    queries: [Query.orderAsc('name'), Query.limit(500)],
  })
  const rooms = list.rows
    .map((r) => toRoom(r as unknown as Record<string, unknown>))
    .sort((a, b) => Number(b.$id === HOME_ROOM_ID) - Number(a.$id === HOME_ROOM_ID))
  let count = 0
  const done: ExportRoom[] = []
  for (const room of rooms) {
    const messages = await roomMessages(room.$id, (n) => onProgress((count += n)))
    done.push({ name: room.name, isDeleted: room.isDeleted, messages })
  }
  const { account, chatee } = globalState
  const names = new Map([account, chatee].flatMap((p) => (p ? [[p.$id, p.name || p.email]] : [])))
  const owner = account?.name || account?.email || 'you'
  return chatExportText(done, (id) => names.get(id) ?? 'Someone', owner, new Date())
}

import { HOME_ROOM_ID } from '../../../shared/constants'
import { queryClient } from '../../lib/query-client'
import { globalState } from '../../state/global-state'
import { olderPage, type Message } from '../chat/message-model'
import { fetchPage } from '../chat/messages-query'
import { roomsQuery } from '../rooms/rooms-query'
import { chatExportText, type ExportRoom } from './chat-export-text'

/** A room's whole history, read as the room reads it (newest 100 first, then older), oldest first. */
async function roomMessages(roomId: string, onPage: (n: number) => void): Promise<Message[]> {
  const pages: Message[][] = []
  let before: number | null = null
  for (;;) {
    const page = await fetchPage(roomId, before)
    pages.push(page.rows)
    onPage(page.rows.length)
    const next = olderPage(page)
    if (next === undefined) return pages.reverse().flatMap((rows) => [...rows].reverse())
    before = next
  }
}

/**
 * Every room the sidebar lists (Home first, then by name; the admin view's deleted ones too), each
 * with its whole history, as the text chatExportText writes. `onProgress` hears the count so far.
 */
export async function exportChats(onProgress: (messages: number) => void): Promise<string> {
  const { account, chatee, flags } = globalState
  const rooms = [...(await queryClient.fetchQuery(roomsQuery(flags.isAdmin)))].sort(
    (a, b) => Number(b.$id === HOME_ROOM_ID) - Number(a.$id === HOME_ROOM_ID),
  )
  let count = 0
  const done: ExportRoom[] = []
  for (const room of rooms) {
    const messages = await roomMessages(room.$id, (n) => onProgress((count += n)))
    done.push({ name: room.name, isDeleted: room.isDeleted, messages })
  }
  const names = new Map([account, chatee].flatMap((p) => (p ? [[p.$id, p.name || p.email]] : [])))
  const owner = account?.name || account?.email || 'you'
  return chatExportText(done, (id) => names.get(id) ?? 'Someone', owner, new Date())
}

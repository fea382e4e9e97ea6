import type { QueryClient } from '@tanstack/react-query'
import type { RealtimeResponseEvent } from 'appwrite'
import { TABLE_IDS } from '../../../shared/db-ids'
import { eventAction, rowsChannel } from '../realtime/channels'
import { BOOKMARKS_KEY } from './bookmarks-key'
import { rememberSaved } from './room-bookmarks'

// Only the owner can read a bookmark row, so only the owner's sockets get its events.
export const BOOKMARKS_CHANNEL = rowsChannel(TABLE_IDS.bookmarks)

/**
 * Every tab of the owner reads its lists again (a search's matches cannot be patched locally);
 * a room's menus take the saved or removed message from the event itself.
 */
export function onBookmarkEvent(
  queryClient: QueryClient,
  e: RealtimeResponseEvent<Record<string, unknown>>,
) {
  const { $id, kind, roomId, messageId } = e.payload
  const action = eventAction(e.events)
  const saved = action === 'create' ? String($id) : undefined
  const named = typeof roomId === 'string' && typeof messageId === 'string'
  if (kind === 'message' && named && (action === 'create' || action === 'delete'))
    rememberSaved(queryClient, roomId, messageId, saved)
  void queryClient.invalidateQueries({ queryKey: BOOKMARKS_KEY })
}

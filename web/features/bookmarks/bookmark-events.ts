import type { QueryClient } from '@tanstack/react-query'
import { TABLE_IDS } from '../../../shared/db-ids'
import { rowsChannel } from '../realtime/channels'
import { BOOKMARKS_KEY } from './bookmarks-key'

// Only the owner can read a bookmark row, so only the owner's sockets get its events: every
// tab of the owner reads its list again (a search's matches cannot be patched locally).
export const BOOKMARKS_CHANNEL = rowsChannel(TABLE_IDS.bookmarks)

export const onBookmarkEvent = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: BOOKMARKS_KEY })

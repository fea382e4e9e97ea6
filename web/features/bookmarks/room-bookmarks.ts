import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { loadBookmarkWrite } from '../chat/message-parts'
import { roomBookmarksKey } from './bookmarks-key'

type Saved = Record<string, string>

/**
 * A room's saved messages (message id → bookmark row id) for its menus, read once a menu is
 * about to be used. Kept fresh by the bookmarks' realtime events, not by reading again.
 */
export const roomBookmarksQuery = (roomId: string) =>
  queryOptions({
    queryKey: roomBookmarksKey(roomId),
    queryFn: async (): Promise<Saved> => (await loadBookmarkWrite()).readRoomBookmarks(roomId),
    staleTime: Infinity,
  })

/** Notes a message as saved under `rowId`, or (without it) as no longer saved. */
export const rememberSaved = (
  queryClient: QueryClient,
  roomId: string,
  messageId: string,
  rowId?: string,
) =>
  queryClient.setQueryData<Saved>(roomBookmarksKey(roomId), (saved) => {
    if (!saved) return saved
    const { [messageId]: _, ...rest } = saved
    return rowId ? { ...rest, [messageId]: rowId } : rest
  })

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { roomBookmarksQuery } from '../bookmarks/room-bookmarks'
import type { DisplayItem } from './display-item'
import { MenuItem } from './menu-item'
import { loadMessageBookmarks } from './message-parts'

/**
 * "Bookmark", or "Remove bookmark" for a message saved before. Until the room's saved messages
 * are read (the "⋯" asks as it is pointed at or focused), it offers "Bookmark", whose save then
 * says the message is already saved.
 */
type MessageBookmarks = Awaited<ReturnType<typeof loadMessageBookmarks>>

export function BookmarkMenuItem(props: { roomId: string; item: DisplayItem; done: () => void }) {
  const { roomId, item, done } = props
  const queryClient = useQueryClient()
  const rowId = useQuery(roomBookmarksQuery(roomId)).data?.[item.key]
  const run = (act: (m: MessageBookmarks) => Promise<void>) => () => {
    done()
    void loadMessageBookmarks().then(act)
  }
  return rowId ? (
    <MenuItem onClick={run((m) => m.removeMessageBookmark(queryClient, roomId, item.key, rowId))}>
      Remove bookmark
    </MenuItem>
  ) : (
    <MenuItem onClick={run((m) => m.saveMessageBookmark(queryClient, roomId, item))}>
      Bookmark
    </MenuItem>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { roomBookmarksQuery } from '../bookmarks/room-bookmarks'
import { removeMessageBookmark, saveMessageBookmark } from '../bookmarks/save-message'
import type { DisplayItem } from './display-item'
import { MenuItem } from './menu-item'

/**
 * "Bookmark", or "Remove bookmark" for a message saved before. Until the room's saved messages
 * are read (the "⋯" asks as it is pointed at or focused), it offers "Bookmark", whose save then
 * says the message is already saved.
 */
export function BookmarkMenuItem(props: { roomId: string; item: DisplayItem; done: () => void }) {
  const { roomId, item, done } = props
  const queryClient = useQueryClient()
  const rowId = useQuery(roomBookmarksQuery(roomId)).data?.[item.key]
  if (rowId)
    return (
      <MenuItem
        onClick={() => (done(), void removeMessageBookmark(queryClient, roomId, item.key, rowId))}
      >
        Remove bookmark
      </MenuItem>
    )
  return (
    <MenuItem onClick={() => (done(), void saveMessageBookmark(queryClient, roomId, item))}>
      Bookmark
    </MenuItem>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { DisplayItem } from './display-item'
import { MenuItem } from './menu-item'
import { pinnedQuery, setPinned } from './pins'

/** "Pin" to the room's bar, or "Unpin" for a message pinned already (by either partner). */
export function PinMenuItem({
  roomId,
  item,
  done,
}: {
  roomId: string
  item: DisplayItem
  done: () => void
}) {
  const queryClient = useQueryClient()
  const pinned = !!useQuery(pinnedQuery(roomId)).data?.some((m) => m.$id === item.key)
  return (
    <MenuItem
      onClick={() => {
        done()
        void setPinned(queryClient, roomId, item.key, !pinned)
      }}
    >
      {pinned ? 'Unpin' : 'Pin'}
    </MenuItem>
  )
}

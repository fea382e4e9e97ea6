import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { useSnapshot } from 'valtio'
import { APP_NAME, HOME_ROOM_ID } from '../../../shared/constants'
import { globalState } from '../../state/global-state'
import { visibleRooms } from '../rooms/room-model'
import { roomsQuery } from '../rooms/rooms-query'
import { roomIdOf } from './room-path'
import { titleWithUnread } from './unread-label'
import { unreadKey } from './unread-query'

/**
 * The document title names the page (a room by its name) and counts the unread messages of every room the sidebar
 * shows; the total is returned for the phone's menu button, behind which the sidebar's badges
 * are hidden. The counts are the badges' own queries (the sidebar stays mounted, a closed drawer
 * only hides it), summed from the cache as it changes.
 */
export function useUnreadTitle(): number {
  const { flags } = useSnapshot(globalState)
  const queryClient = useQueryClient()
  const rooms = useQuery(roomsQuery(flags.isAdmin))
  const ids = [HOME_ROOM_ID, ...visibleRooms(rooms.data ?? [], flags.isAdmin).map((r) => r.$id)]
  const total = useSyncExternalStore(
    // Deferred: the cache tells its listeners at once when a component's useQuery builds a query
    // while rendering, and a store change then is an update of this one during that render.
    (changed) => queryClient.getQueryCache().subscribe(() => queueMicrotask(changed)),
    () => ids.reduce((sum, id) => sum + (queryClient.getQueryData<number>(unreadKey(id)) ?? 0), 0),
  )
  const pathname = useLocation({ select: (l) => l.pathname })
  const shown = roomIdOf(pathname)
  // A deleted room is "not found" but in the admin view: no name of its own then either.
  const roomName = rooms.data?.find((r) => r.$id === shown && (flags.isAdmin || !r.isDeleted))?.name
  // A room's name not known yet (its list on its way): the title the Worker drew stays, rather
  // than "Kathelia" for a moment between it and the room's own.
  const named = !shown || shown === HOME_ROOM_ID || !!rooms.data
  useEffect(() => {
    if (named) document.title = titleWithUnread(total, pathname, roomName)
  }, [named, total, pathname, roomName])
  useEffect(() => () => void (document.title = APP_NAME), [])
  return total
}

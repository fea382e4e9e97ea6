import { useQueries, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { APP_NAME, HOME_ROOM_ID } from '../../../shared/constants'
import { globalState } from '../../state/global-state'
import { visibleRooms } from '../rooms/room-model'
import { roomsQuery } from '../rooms/rooms-query'
import { titleWithUnread } from './unread-label'
import { unreadQuery } from './unread-query'

/**
 * The document title counts the unread messages of every room the sidebar shows; the total is
 * returned for the phone's menu button, behind which the sidebar's badges are hidden.
 */
export function useUnreadTitle(): number {
  const { account, flags } = useSnapshot(globalState)
  const meId = account?.$id ?? ''
  const rooms = useQuery(roomsQuery(flags.isAdmin))
  const ids = [HOME_ROOM_ID, ...visibleRooms(rooms.data ?? [], flags.isAdmin).map((r) => r.$id)]
  const total = useQueries({
    queries: meId ? ids.map((id) => unreadQuery(id, meId)) : [],
    combine: (results) => results.reduce((sum, r) => sum + (r.data ?? 0), 0),
  })
  useEffect(() => {
    document.title = titleWithUnread(total)
  }, [total])
  useEffect(() => () => void (document.title = APP_NAME), [])
  return total
}

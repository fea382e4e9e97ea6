import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { roomPath } from '../../../shared/nav-model'
import { globalState } from '../../state/global-state'
import { roomsQuery } from '../rooms/rooms-query'
import type { DisplayItem } from './display-item'
import { forwardMessage } from './forward'
import { useRoom } from './room-context'
import './forward.css'

type Props = { item: DisplayItem; close: (refocus?: boolean) => void }

/**
 * The message menu's "Forward" view: the rooms it can go to, this one too. Picked, the message
 * goes there through the outbox and the chat follows it, as a messenger's forward to one chat
 * does; sent here, the menu closes on the room's own new message.
 */
export function ForwardMenu({ item, close }: Props) {
  const room = useRoom()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { isAdmin } = useSnapshot(globalState).flags
  // A deleted room (listed in the admin view) takes no new messages. Home first, as the sidebar
  // shows it; the rest by name.
  const rooms = (useQuery(roomsQuery(isAdmin)).data ?? [])
    .filter((r) => !r.isDeleted)
    .sort((a, b) => Number(b.$id === HOME_ROOM_ID) - Number(a.$id === HOME_ROOM_ID))
  const pick = (roomId: string) => {
    const here = roomId === room.roomId
    close(here)
    void forwardMessage(queryClient, item, roomId, room.meId)
    if (!here) void navigate({ to: roomPath(roomId) })
  }
  return (
    <div role="menu" aria-label="Forward to" className="forward-menu">
      <p className="forward-title" aria-hidden="true">
        Forward to
      </p>
      {rooms.map((r) => (
        <button key={r.$id} type="button" role="menuitem" onClick={() => pick(r.$id)}>
          <span className="room-dot" style={{ background: r.color }} aria-hidden="true" />
          <span className="forward-room">{r.name}</span>
          {r.$id === room.roomId && <span className="forward-here"> (this room)</span>}
        </button>
      ))}
    </div>
  )
}

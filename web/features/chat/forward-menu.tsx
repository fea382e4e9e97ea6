import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { roomPath } from '../../../shared/nav-model'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import { uiState } from '../../state/ui-state'
import { roomsQuery } from '../rooms/rooms-query'
import type { DisplayItem } from './display-item'
import { forwardMessage, forwardQueued } from './forward'
import { messagesKey } from './messages-query'
import { useRoom } from './room-context'
import './forward.css'

type Props = { item: DisplayItem; close: (refocus?: boolean) => void }

/**
 * The message menu's "Forward" view: the rooms it can go to, this one too. Picked, the message
 * goes there through the outbox and the chat follows it, as a messenger's forward to one chat
 * does; sent here, the menu closes on the room's own new message, its "⋯" focused again.
 */
export function ForwardMenu({ item, close }: Props) {
  const room = useRoom()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { isAdmin } = useSnapshot(globalState).flags
  // A deleted room (listed in the admin view) takes no new messages. Home first, as the sidebar
  // shows it, the rest by name, and this room last: the keyboard starts on the first, and Enter
  // twice must not send a copy where it already is.
  const rank = (id: string) => (id === room.roomId ? 2 : id === HOME_ROOM_ID ? 0 : 1)
  const rooms = (useQuery(roomsQuery(isAdmin)).data ?? [])
    .filter((r) => !r.isDeleted)
    .sort((a, b) => rank(a.$id) - rank(b.$id))
  const pick = (roomId: string, name: string) => {
    void forwardMessage(queryClient, item, roomId, room.meId)
    // Offline, a room never opened here has nothing to show, not even this message on its way:
    // the chat stays, and says where it goes.
    const unseen = !navigator.onLine && !queryClient.getQueryData(messagesKey(roomId))
    const stay = roomId === room.roomId || unseen
    close(stay)
    if (unseen) notify({ type: 'info', title: 'Forward', body: forwardQueued(name) })
    if (stay) return
    // The room's composer takes the cursor, as a room opened from the sidebar does (not on a
    // touch screen: composer.tsx); the menu's item had it, and is gone.
    uiState.composerNext = true
    void navigate({ to: roomPath(roomId) })
  }
  return (
    <div role="menu" aria-label="Forward to" className="forward-menu">
      <p className="forward-title" aria-hidden="true">
        Forward to
      </p>
      {rooms.map((r) => (
        <button key={r.$id} type="button" role="menuitem" onClick={() => pick(r.$id, r.name)}>
          <span className="room-dot" style={{ background: r.color }} aria-hidden="true" />
          <span className="forward-room">{r.name}</span>
          {r.$id === room.roomId && <span className="forward-here"> (this room)</span>}
        </button>
      ))}
    </div>
  )
}

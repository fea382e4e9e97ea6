import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { UnreadBadge } from '../chat/unread-badge'
import { roomPath } from '../../../shared/nav-model'
import { offlineWait } from '../../../shared/texts'
import { TypingMark } from '../presence/typing-mark'
import { visibleRooms } from './room-model'
import { roomsQuery } from './rooms-query'
import { useDraftRooms } from './use-draft-rooms'

export function RoomList({ onNavigate }: { onNavigate?: () => void }) {
  const { flags, account } = useSnapshot(globalState)
  const { data, isPending, isError, refetch, fetchStatus } = useQuery(roomsQuery(flags.isAdmin))
  const drafts = useDraftRooms(account?.$id)
  // Offline, a query waits for the connection (web/lib/query-wait.tsx).
  if (isPending)
    return (
      <p className="sidebar-hint" role="status">
        {fetchStatus === 'paused' ? offlineWait('Your rooms') : 'Loading rooms…'}
      </p>
    )
  if (isError)
    return (
      <p className="sidebar-hint">
        Rooms could not be loaded.{' '}
        <button type="button" className="link" onClick={() => void refetch()}>
          Retry
        </button>
      </p>
    )
  const rooms = visibleRooms(data, flags.isAdmin)
  if (rooms.length === 0) return <p className="sidebar-hint">No rooms yet.</p>
  return (
    <ul className="room-list">
      {rooms.map((room) => (
        <li key={room.$id}>
          <Link
            to={roomPath(room.$id)}
            className={`room-link${room.isDeleted ? ' deleted' : ''}`}
            activeProps={{ className: 'active', 'aria-current': 'page' }}
            onClick={onNavigate}
          >
            <span className="room-dot" style={{ background: room.color }} aria-hidden="true" />
            <span className="room-name" title={room.name}>
              {room.name}
            </span>
            {room.isDeleted && <span className="tag">deleted</span>}
            {/* As messengers mark a chat left with unsent text, or the partner typing in it first. */}
            <TypingMark roomId={room.$id}>
              {drafts.has(room.$id) && <span className="draft-mark">Draft</span>}
            </TypingMark>
            {account && <UnreadBadge roomId={room.$id} meId={account.$id} />}
          </Link>
        </li>
      ))}
    </ul>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { globalState, setSidebarOpen } from '../../state/global-state'
import { setSearch, uiState } from '../../state/ui-state'
import { roomIdOf } from '../chat/room-path'
import { shownRoom } from '../rooms/room-model'
import { roomsQuery } from '../rooms/rooms-query'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { ChateeHeader } from '../presence/chatee-header'
import { ProfileMenu } from './profile-menu'

export function TopBar({ drawer, unread }: { drawer: boolean; unread: number }) {
  const { isSidebarOpen, flags } = useSnapshot(globalState)
  const { search } = useSnapshot(uiState)
  // The search is the open room's ("Search messages" in it): off a room it waits for one, and
  // another room opens unfiltered.
  const room = useLocation({ select: (l) => roomIdOf(l.pathname) })
  // A room deleted while open is "Room not found": nothing to search there either.
  const rooms = useQuery(roomsQuery(flags.isAdmin))
  const gone =
    !!room &&
    room !== HOME_ROOM_ID &&
    rooms.isSuccess &&
    !shownRoom(rooms.data, room, flags.isAdmin)
  const searchable = !!room && !gone
  useEffect(() => setSearch(''), [room, gone])
  return (
    <header className="top-bar">
      {drawer && (
        <button
          type="button"
          className="icon-button menu-button"
          aria-label={unread ? `Open menu (${unread} unread)` : 'Open menu'}
          aria-controls="sidebar"
          aria-expanded={isSidebarOpen}
          onClick={() => setSidebarOpen(true)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          {/* The rooms' badges are in the closed drawer: a dot says there is something to read. */}
          {unread > 0 && <span className="menu-dot" aria-hidden="true" />}
        </button>
      )}
      <ChateeHeader />
      <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <path d="m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z" />
        </svg>
        <input
          type="search"
          placeholder={searchable ? 'Search messages' : 'Open a room to search'}
          aria-label="Search messages"
          disabled={!searchable}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
      <ProfileMenu />
    </header>
  )
}

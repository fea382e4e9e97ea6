import { Link, useLocation } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { globalState } from '../../state/global-state'
import { UnreadBadge } from '../chat/unread-badge'
import { TypingMark } from '../presence/typing-mark'
import { useDraftRooms } from '../rooms/use-draft-rooms'
import { isNavActive, NAV_ITEMS } from '../../../shared/nav-model'

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const { account } = useSnapshot(globalState)
  const drafts = useDraftRooms(account?.$id)
  return (
    <ul className="nav-list">
      {NAV_ITEMS.map((item) => {
        const active = isNavActive(pathname, item.href)
        return (
          <li key={item.href}>
            <Link
              to={item.href}
              className={`nav-link${active ? ' active' : ''}`}
              aria-current={active ? 'page' : undefined}
              activeOptions={{ exact: true }}
              onClick={onNavigate}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
                <path d={item.icon} />
              </svg>
              <span>{item.label}</span>
              {item.href === '/' && account && (
                <>
                  {/* As a room's: Home left with unsent text is marked too. */}
                  <TypingMark roomId={HOME_ROOM_ID}>
                    {drafts.has(HOME_ROOM_ID) && <span className="draft-mark">Draft</span>}
                  </TypingMark>
                  <UnreadBadge roomId={HOME_ROOM_ID} meId={account.$id} />
                </>
              )}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

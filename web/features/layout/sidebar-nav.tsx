import { Link, useLocation } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { globalState } from '../../state/global-state'
import { UnreadBadge } from '../chat/unread-badge'
import { isNavActive, NAV_ITEMS } from './nav-model'

const ICONS: Record<string, string> = {
  '/': 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  '/bookmarks': 'M6 3h12v18l-6-4-6 4z',
  '/breaches': 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z',
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const { account } = useSnapshot(globalState)
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
                <path d={ICONS[item.href]} />
              </svg>
              <span>{item.label}</span>
              {item.href === '/' && account && (
                <UnreadBadge roomId={HOME_ROOM_ID} meId={account.$id} />
              )}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

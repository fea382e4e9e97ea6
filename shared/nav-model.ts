import { APP_NAME, HOME_ROOM_ID } from './constants'

// The sidebar's destinations (spec section 2), with their icons' SVG paths: the SPA's sidebar and
// the Worker's first paint (worker/first-paint/) draw them alike.
export const NAV_ITEMS = [
  { href: '/', label: 'Home', icon: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z' },
  { href: '/bookmarks', label: 'Bookmarks', icon: 'M6 3h12v18l-6-4-6 4z' },
  {
    href: '/breaches',
    label: 'Breaches',
    icon: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z',
  },
] as const

export const roomPath = (roomId: string) => `/rooms/${roomId}`

/** Spec section 2: Home is active on "/" or under the home room's path; others by prefix. */
export function isNavActive(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/' || pathname.startsWith(roomPath(HOME_ROOM_ID))
  return pathname === href || pathname.startsWith(`${href}/`)
}

/**
 * The tab's title of a page with this name ("Garden · Kathelia"); the app's own pages (Home) are
 * unnamed. The SPA puts the unread count in front (web/features/chat/unread-label.ts); the
 * Worker's first paint titles the room it draws the same way.
 */
export const pageTitle = (name: string | null | undefined) =>
  name?.trim() ? `${name.trim()} · ${APP_NAME}` : APP_NAME

import { HOME_ROOM_ID } from '../../../shared/constants'

export const NAV_ITEMS = [
  { href: '/', label: 'Home' },
  { href: '/bookmarks', label: 'Bookmarks' },
  { href: '/breaches', label: 'Breaches' },
] as const

export const roomPath = (roomId: string) => `/rooms/${roomId}`

/** Spec section 2: Home is active on "/" or under the home room's path; others by prefix. */
export function isNavActive(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/' || pathname.startsWith(roomPath(HOME_ROOM_ID))
  return pathname === href || pathname.startsWith(`${href}/`)
}

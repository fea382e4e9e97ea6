import { HOME_ROOM_ID } from '../../../shared/constants'

/**
 * The room a chat address shows ('/' is the home room); null for the other pages. For work that
 * starts before the router has matched (the sign-in prefetch); routes read their params.
 */
export function roomIdOf(pathname: string): string | null {
  if (pathname === '/') return HOME_ROOM_ID
  const match = /^\/rooms\/([^/]+)\/?$/.exec(pathname)
  return match ? decodeURIComponent(match[1]) : null
}

import { HOME_ROOM_ID, MESSAGES_PER_BATCH } from '../../../shared/constants'
import { pageTitle } from '../../../shared/nav-model'
import { roomIdOf } from './room-path'

/** A count as the badge shows it: one batch at most is counted, so "99+" beyond. */
export const unreadLabel = (n: number) => (n >= MESSAGES_PER_BATCH ? '99+' : String(n))

// The pages named in the tab's title; Home is the app's own page ("Kathelia"), another room is
// named by its name, and any other address is the not-found page.
const PAGES: Record<string, string> = {
  '/settings': 'Settings',
  '/bookmarks': 'Bookmarks',
  '/breaches': 'Breaches',
}

/**
 * The tab's title: the total unread first, so it shows in the tab strip, then the page
 * ("(3) Kathelia", "Settings · Kathelia", "Garden · Kathelia"). `roomName` names the room the
 * address shows, once the room list knows it.
 */
export function titleWithUnread(total: number, pathname = '/', roomName?: string) {
  const roomId = roomIdOf(pathname)
  const name =
    PAGES[pathname] ??
    (roomId === null ? 'Page not found' : roomId === HOME_ROOM_ID ? null : roomName)
  const page = pageTitle(name)
  return total > 0 ? `(${unreadLabel(total)}) ${page}` : page
}

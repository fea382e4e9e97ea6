import { APP_NAME, MESSAGES_PER_BATCH } from '../../../shared/constants'
import { roomIdOf } from './room-path'

/** A count as the badge shows it: one batch at most is counted, so "99+" beyond. */
export const unreadLabel = (n: number) => (n >= MESSAGES_PER_BATCH ? '99+' : String(n))

// The pages named in the tab's title; a room's page is the app's own ("Kathelia"), and any other
// address is the not-found page.
const PAGES: Record<string, string> = {
  '/settings': 'Settings',
  '/bookmarks': 'Bookmarks',
  '/breaches': 'Breaches',
}

/**
 * The tab's title: the total unread first, so it shows in the tab strip, then the page
 * ("(3) Kathelia", "Settings · Kathelia").
 */
export function titleWithUnread(total: number, pathname = '/') {
  const name = PAGES[pathname] ?? (roomIdOf(pathname) === null ? 'Page not found' : null)
  const page = name ? `${name} · ${APP_NAME}` : APP_NAME
  return total > 0 ? `(${unreadLabel(total)}) ${page}` : page
}

import { APP_NAME, MESSAGES_PER_BATCH } from '../../../shared/constants'

/** A count as the badge shows it: one batch at most is counted, so "99+" beyond. */
export const unreadLabel = (n: number) => (n >= MESSAGES_PER_BATCH ? '99+' : String(n))

/** The tab's title: the total unread first, so it shows in the tab strip ("(3) Kathelia"). */
export const titleWithUnread = (total: number) =>
  total > 0 ? `(${unreadLabel(total)}) ${APP_NAME}` : APP_NAME

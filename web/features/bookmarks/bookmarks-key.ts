export const BOOKMARKS_KEY = ['bookmarks'] as const

/**
 * Which messages of a room the caller saved (message id → bookmark row id), for its menus: kept
 * by the bookmarks' events themselves, so outside the lists that those events read again.
 */
export const roomBookmarksKey = (roomId: string) => ['room-bookmarks', roomId] as const

export const BOOKMARKS_KEY = ['bookmarks'] as const

/** Which messages of a room the caller saved (message id → bookmark row id), for its menus. */
export const roomBookmarksKey = (roomId: string) => [...BOOKMARKS_KEY, 'room', roomId] as const

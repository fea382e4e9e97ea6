export const BOOKMARKS_KEY = ['bookmarks'] as const

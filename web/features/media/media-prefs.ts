import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { account } from '../../lib/appwrite'

// The spec's media settings, kept per user in the account's prefs (Appwrite merges nothing:
// updatePrefs replaces the object, so the others are sent along): blur preference 0 = off,
// 1 = blur media until clicked; loop videos false by default.
export type MediaPrefs = { blurMedia: 0 | 1; loopVideos: boolean }

export const DEFAULT_MEDIA_PREFS: MediaPrefs = { blurMedia: 0, loopVideos: false }
export const MEDIA_PREFS_KEY = ['media-prefs'] as const

export function toMediaPrefs(prefs: Record<string, unknown> | undefined): MediaPrefs {
  return {
    blurMedia: prefs?.blurMedia === 1 ? 1 : 0,
    loopVideos: prefs?.loopVideos === true,
  }
}

export const mediaPrefsQuery = () =>
  queryOptions({
    queryKey: MEDIA_PREFS_KEY,
    queryFn: async () => toMediaPrefs(await account.getPrefs()),
    staleTime: Infinity,
  })

/** Saves one setting, keeping every other pref of the account. */
export async function saveMediaPrefs(queryClient: QueryClient, change: Partial<MediaPrefs>) {
  const current = await account.getPrefs()
  const saved = await account.updatePrefs({ prefs: { ...current, ...change } })
  queryClient.setQueryData(MEDIA_PREFS_KEY, toMediaPrefs(saved.prefs))
}

/** An account event (another tab or device saved prefs): every view follows at once. */
export function onAccountPrefs(queryClient: QueryClient, prefs: unknown) {
  if (prefs && typeof prefs === 'object')
    queryClient.setQueryData(MEDIA_PREFS_KEY, toMediaPrefs(prefs as Record<string, unknown>))
}

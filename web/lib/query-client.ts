import { QueryCache, QueryClient } from '@tanstack/react-query'
import { QUERY_DEFAULTS } from '../../shared/constants'
import { errorMessage } from './errors'
import { notify } from './notify'

// The spec's data-fetching defaults: retry 3, backoff 1 s doubling to 30 s, cache 5 minutes.
export const retryDelay = (attempt: number) =>
  Math.min(QUERY_DEFAULTS.retryBaseMs * 2 ** attempt, QUERY_DEFAULTS.retryMaxMs)

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: QUERY_DEFAULTS.retry, retryDelay, gcTime: QUERY_DEFAULTS.gcTimeMs },
      // Offline a save fails at once and its form says so ("You are offline…"): paused, as
      // by default, it showed a spinner for as long as the connection was away, then ran
      // unseen once it was back (a password changed on another screen), or was lost with the tab.
      mutations: { retry: 0, networkMode: 'always' },
    },
    // A failed background refetch keeps the old data on screen, so say so; first loads reach
    // the route's error component instead, and an older page of a list says so in the list.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined && !query.state.fetchMeta?.fetchMore)
          notify({ type: 'error', title: 'Refresh failed', body: errorMessage(error) })
      },
    }),
  })
}

/**
 * The page's one client. Only signed-in screens query, so it lives in the signed-in chunk
 * (vite.config.ts) and a visitor's sign-in screen does not carry TanStack Query's core.
 */
export const queryClient = createQueryClient()

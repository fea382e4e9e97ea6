import { queryOptions } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { GifSearchResult } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'

/** Results of the configured service, through the Worker (its key never reaches the browser). */
export const gifSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['gif-search', q.toLowerCase()],
    queryFn: () => apiPost<GifSearchResult>('/gif/search', { q }, 'GifSearchResult'),
    enabled: q.length > 0,
    staleTime: 10 * 60_000,
    retry: false,
  })

/** The value once it has stopped changing for `ms`: one search per pause, not per keystroke. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

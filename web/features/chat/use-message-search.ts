import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { fromMessage, matchesSearch, type DisplayItem } from './display-item'
import { flattenPages } from './message-model'
import { setSearching } from '../presence/activity'
import { searchMessagesQuery } from './messages-query'

const DEBOUNCE_MS = 250

export type MessageSearch = {
  /** The search as typed, trimmed; empty when not searching. */
  term: string
  /** What the list shows: every item, or the matches in server order (unsent ones last). */
  shown: DisplayItem[]
  /** searching: the server has not answered for this term yet; failed: only loaded ones count. */
  status: 'idle' | 'searching' | 'done' | 'failed'
  /** Older matches exist on the server beyond the pages fetched. */
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
  retry: () => void
}

/**
 * The top-bar search within one room. Loaded and unsent messages match at once; the server is
 * asked for the room's whole history (100 matches a page), so older messages are found too.
 * A server answer for an earlier, shorter term is narrowed to the current one meanwhile.
 */
export function useMessageSearch(roomId: string, search: string, items: DisplayItem[]) {
  const term = search.trim()
  const asked = useDebounced(term, DEBOUNCE_MS)
  // The admin's view of the partner says "Searching" while a term is in the box.
  useEffect(() => {
    setSearching(!!term)
    return () => setSearching(false)
  }, [term])
  const query = useInfiniteQuery({
    ...searchMessagesQuery(roomId, asked),
    enabled: !!asked,
    placeholderData: keepPreviousData,
  })
  const { hasNextPage, isFetching, isError, fetchNextPage } = query
  const pages = query.data?.pages.length ?? 0
  // How many pages the reader asked for, for which search. Kept, not fired once: a refetch (as on
  // a subscription's confirmation) cancels an older page under way, so it is asked for again after.
  const key = `${roomId}\n${asked}`
  const [wanted, setWanted] = useState({ key: '', pages: 0 })
  const missing = wanted.key === key && wanted.pages > pages && hasNextPage
  useEffect(() => {
    // A failed page waits for "Search again", not a loop of retries.
    if (missing && !isFetching && !isError) void fetchNextPage()
  }, [missing, isFetching, isError, fetchNextPage])
  const base = {
    term,
    hasMore: false,
    loadingMore: false,
    loadMore: () => setWanted({ key, pages: pages + 1 }),
    retry: () => void query.refetch(),
  }
  if (!term) return { ...base, shown: items, status: 'idle' } satisfies MessageSearch

  const matches = new Map<string, DisplayItem>()
  for (const m of flattenPages(query.data?.pages ?? [])) matches.set(m.$id, fromMessage(m))
  for (const i of items) if (matchesSearch(i, term)) matches.set(i.key, i)
  const all = [...matches.values()].filter((i) => matchesSearch(i, term))
  const shown = [
    ...all.filter((i) => i.seq !== null).sort((a, b) => a.seq! - b.seq!),
    ...all.filter((i) => i.seq === null),
  ]
  const current = asked === term && !query.isPlaceholderData
  const status = isError ? 'failed' : current && query.isSuccess ? 'done' : 'searching'
  return {
    ...base,
    shown,
    status,
    hasMore: current && hasNextPage,
    loadingMore: current && missing,
  } satisfies MessageSearch
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return settled
}

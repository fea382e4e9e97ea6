import { queryOptions, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { linkify } from '../../../shared/linkify'
import { MAX_LINK_CHECK_URLS } from '../../../shared/constants'
import type { LinkCheckResult } from '../../../shared/schemas/link-check'
import { ApiError, apiPost } from '../../lib/api'
import { globalState } from '../../state/global-state'

const FIVE_MINUTES = 5 * 60_000
// The flags say whether the lookup is configured; flags kept from before the server said so fall
// back on its 409, after which no message asks again this session.
let checksOff = false

const linkSafetyQuery = (urls: string[]) =>
  queryOptions({
    queryKey: ['link-safety', urls],
    queryFn: async (): Promise<Map<string, string>> => {
      if (checksOff || globalState.flags.linkChecks === false) return new Map()
      try {
        const r = await apiPost<LinkCheckResult>('/link-check', { urls }, 'LinkCheckResult')
        return new Map(r.unsafe.map((u) => [u.url, u.threat]))
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) checksOff = true
        // An unreachable lookup marks nothing rather than blocking the room.
        return new Map()
      }
    },
    staleTime: FIVE_MINUTES,
    gcTime: FIVE_MINUTES,
    retry: false,
  })

/** The message's links that the server's Safe Browsing lookup flagged, with their threat type. */
export function useUnsafeLinks(text: string): Map<string, string> | undefined {
  const urls = useMemo(
    () => [
      ...new Set(
        linkify(text)
          .flatMap((p) => (p.href ? [p.href] : []))
          .slice(0, MAX_LINK_CHECK_URLS),
      ),
    ],
    [text],
  )
  return useQuery({ ...linkSafetyQuery(urls), enabled: urls.length > 0 }).data
}

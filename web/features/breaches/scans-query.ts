import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import type { BreachConfig, BreachSource, Scan } from '../../../shared/schemas/breach'
import { SCANS_PER_BATCH } from '../../../shared/schemas/breach'
import { apiPost } from '../../lib/api'
import { tablesDB } from '../../lib/appwrite'

export const SCANS_KEY = ['scans'] as const

function sourcesOf(json: unknown): BreachSource[] {
  try {
    const list = JSON.parse(String(json ?? '[]')) as unknown
    return Array.isArray(list)
      ? list.map((s: Record<string, unknown>) => ({
          name: String(s.name ?? ''),
          date: String(s.date ?? ''),
        }))
      : []
  } catch {
    return []
  }
}

const toScan = (r: Record<string, unknown>): Scan => ({
  $id: String(r.$id),
  $createdAt: String(r.$createdAt),
  target: String(r.target ?? ''),
  found: typeof r.found === 'number' ? r.found : 0,
  sources: sourcesOf(r.breaches),
})

/** The owner's checks, newest first, 100 per batch (the spec's batch size) with "load more". */
export const scansQuery = () =>
  infiniteQueryOptions({
    queryKey: SCANS_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const queries = [Query.orderDesc('$createdAt'), Query.limit(SCANS_PER_BATCH)]
      if (pageParam) queries.push(Query.cursorAfter(pageParam))
      const list = await tablesDB.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.scans,
        queries,
      })
      return list.rows.map((r) => toScan(r as unknown as Record<string, unknown>))
    },
    getNextPageParam: (last: Scan[]) =>
      last.length < SCANS_PER_BATCH ? undefined : last.at(-1)!.$id,
  })

export const breachConfigQuery = () =>
  queryOptions({
    queryKey: ['breach-config'],
    queryFn: () => apiPost<BreachConfig>('/breach/config', {}, 'BreachConfig'),
    staleTime: Infinity,
  })

export const checkBreaches = (email: string) => apiPost<Scan>('/breach/check', { email }, 'Scan')

// Query strings (SDK Query.* JSON) → a checked plan: filters, order, limit/offset, cursor, select.
import type { TableSchema } from '../../../shared/db-schema'
import { invalidQuery, toFilter, toRaw, typeOf, type Filter, type Raw } from './query-filter'

export type { Filter } from './query-filter'
export type Order = { attribute: string; direction: 'ASC' | 'DESC' } | { random: true }
export type Plan = {
  filters: Filter[]
  orders: Order[]
  limit: number
  offset: number
  cursor?: { direction: 'after' | 'before'; id: string }
  select?: string[]
}

export const DEFAULT_LIMIT = 25
export const MAX_LIMIT = 5000

// System fields a select may name besides the columns (they are always returned anyway).
const SELECTABLE = [
  '$id',
  '$sequence',
  '$createdAt',
  '$updatedAt',
  '$permissions',
  '$tableId',
  '$collectionId',
  '$databaseId',
]

function integerIn(q: Raw, min: number, max: number): number {
  const v = q.values[0]
  if (q.values.length !== 1 || typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    invalidQuery(
      `Invalid ${q.method}: Value must be a valid range between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`,
    )
  return v as number
}

/**
 * Parses the `queries[]` strings of a list (or, with `selectOnly`, a get) into a plan. Unknown
 * methods, attributes not in the schema and values of the wrong type are 400 general_query_invalid.
 */
export function parseQueries(table: TableSchema, raw: string[], selectOnly = false): Plan {
  const plan: Plan = { filters: [], orders: [], limit: DEFAULT_LIMIT, offset: 0 }
  let limited = false
  let offsetSet = false
  for (const text of raw) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      invalidQuery('Syntax error')
    }
    const q = toRaw(parsed)
    if (selectOnly && q.method !== 'select')
      invalidQuery(`Query method not allowed here: ${q.method}. Only select queries are allowed.`)
    if (q.method === 'select') {
      for (const v of q.values) {
        if (typeof v !== 'string') invalidQuery('Select values must be strings')
        const key = v as string
        if (key !== '*' && !SELECTABLE.includes(key)) typeOf(table, key)
      }
      plan.select = [...(plan.select ?? []), ...(q.values as string[])]
    } else if (q.method === 'orderAsc' || q.method === 'orderDesc') {
      if (q.attribute) typeOf(table, q.attribute)
      const direction = q.method === 'orderAsc' ? 'ASC' : 'DESC'
      plan.orders.push({ attribute: q.attribute || '$sequence', direction })
    } else if (q.method === 'orderRandom') plan.orders.push({ random: true })
    else if (q.method === 'limit') {
      // The first limit/offset wins, as in utopia's Query::groupByType.
      if (!limited) plan.limit = integerIn(q, 1, MAX_LIMIT)
      limited = true
    } else if (q.method === 'offset') {
      if (!offsetSet) plan.offset = integerIn(q, 0, MAX_LIMIT)
      offsetSet = true
    } else if (q.method === 'cursorAfter' || q.method === 'cursorBefore') {
      const id = q.values[0]
      if (q.values.length !== 1 || typeof id !== 'string' || !id)
        invalidQuery('Invalid cursor: Cursor must contain exactly one value.')
      plan.cursor ??= {
        direction: q.method === 'cursorAfter' ? 'after' : 'before',
        id: id as string,
      }
    } else plan.filters.push(toFilter(table, q))
  }
  if (plan.cursor && plan.orders.some((o) => 'random' in o))
    invalidQuery('Cursor pagination is not supported with random ordering.')
  return plan
}

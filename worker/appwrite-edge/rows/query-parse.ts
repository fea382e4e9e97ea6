// Query strings (SDK Query.* JSON) → a checked plan; attributes and values against the schema.
import type { TableSchema } from '../../../shared/db-schema'
import { fail } from '../errors'
import { columnOf, isSystemKey, SYSTEM } from './schema'
import { toDatetime } from './validate'

export type Filter =
  | { method: 'and' | 'or'; filters: Filter[] }
  | { method: string; attribute: string; values: unknown[] }
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

const ONE = ['notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual']
const TEXT = ['search', 'notSearch', 'startsWith', 'notStartsWith', 'endsWith', 'notEndsWith']
const SOME = ['equal', 'contains', 'notContains']
const TWO = ['between', 'notBetween']
const NONE = ['isNull', 'isNotNull']
const FILTERS = [...ONE, ...TEXT, ...SOME, ...TWO, ...NONE, 'and', 'or']
const OTHER = ['select', 'orderAsc', 'orderDesc', 'orderRandom', 'limit', 'offset']
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
const KNOWN = [...FILTERS, ...OTHER, 'cursorAfter', 'cursorBefore']

export const invalidQuery = (message: string): never =>
  fail('general_query_invalid', `Invalid query: ${message}`)

type Raw = { method: string; attribute: string; values: unknown[] }

function toRaw(value: unknown): Raw {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return invalidQuery('Query must be an object')
  const { method, attribute = '', values = [] } = value as Record<string, unknown>
  if (typeof method !== 'string' || !KNOWN.includes(method))
    return invalidQuery(`Invalid query method: ${String(method)}`)
  if (typeof attribute !== 'string') return invalidQuery('Attribute must be a string')
  if (!Array.isArray(values)) return invalidQuery('Values must be an array')
  return { method, attribute, values }
}

/** The schema type a filter compares against, or a 400 when the attribute is unknown. */
function typeOf(table: TableSchema, attribute: string): string {
  if (isSystemKey(attribute)) return SYSTEM[attribute].type
  const column = columnOf(table, attribute)
  if (!column) return invalidQuery(`Attribute not found in schema: ${attribute}`)
  return column.type
}

const FITS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  enum: (v) => typeof v === 'string',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  float: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  datetime: (v) => toDatetime(v) !== undefined,
  sequence: (v) => /^\d+$/.test(String(v)),
}

function toFilter(table: TableSchema, q: Raw): Filter {
  if (q.method === 'and' || q.method === 'or') {
    const nested = q.values.map(toRaw)
    if (nested.some((n) => !FILTERS.includes(n.method)))
      invalidQuery(`${cap(q.method)} queries can only contain filter queries`)
    if (nested.length < 2) invalidQuery(`${cap(q.method)} queries require at least two queries`)
    return { method: q.method, filters: nested.map((n) => toFilter(table, n)) }
  }
  const type = typeOf(table, q.attribute)
  const n = q.values.length
  if (SOME.includes(q.method) && n === 0)
    invalidQuery(`${cap(q.method)} queries require at least one value.`)
  if ((ONE.includes(q.method) || TEXT.includes(q.method)) && n !== 1)
    invalidQuery(`${cap(q.method)} queries require exactly one value.`)
  if (TWO.includes(q.method) && n !== 2)
    invalidQuery(`${cap(q.method)} queries require exactly two values.`)
  const textual = type === 'string' || type === 'enum'
  const array = !!columnOf(table, q.attribute)?.array
  if ((q.method === 'contains' || q.method === 'notContains') && !textual && !array)
    invalidQuery(
      `Cannot query ${q.method} on attribute "${q.attribute}" because it is not an array or string.`,
    )
  if (TEXT.includes(q.method) && !textual)
    invalidQuery(
      `Cannot query ${q.method} on attribute "${q.attribute}" because it is not a string.`,
    )
  if (!NONE.includes(q.method) && !q.values.every(FITS[type]))
    invalidQuery(`Query value is invalid for attribute "${q.attribute}"`)
  const values =
    type === 'datetime'
      ? q.values.map(toDatetime)
      : type === 'sequence'
        ? q.values.map(Number)
        : q.values
  return { method: q.method, attribute: q.attribute, values }
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1)

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

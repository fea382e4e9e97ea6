// One filter query (equal, lessThan, contains, and/or, …) checked against the schema: the
// attribute exists, the value count and types fit it. Values come out normalised for SQL.
import type { TableSchema } from '../../../shared/db-schema'
import { fail } from '../errors'
import { columnOf, isSystemKey, SYSTEM } from './schema'
import { toDatetime } from './validate'

export type Filter =
  | { method: 'and' | 'or'; filters: Filter[] }
  | { method: string; attribute: string; values: unknown[] }
export type Raw = { method: string; attribute: string; values: unknown[] }

const ONE = ['notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual']
const TEXT = ['search', 'notSearch', 'startsWith', 'notStartsWith', 'endsWith', 'notEndsWith']
const SOME = ['equal', 'contains', 'notContains']
const TWO = ['between', 'notBetween']
const NONE = ['isNull', 'isNotNull']
export const FILTERS = [...ONE, ...TEXT, ...SOME, ...TWO, ...NONE, 'and', 'or']
const OTHER = ['select', 'orderAsc', 'orderDesc', 'orderRandom', 'limit', 'offset']
const KNOWN = [...FILTERS, ...OTHER, 'cursorAfter', 'cursorBefore']

export const invalidQuery = (message: string): never =>
  fail('general_query_invalid', `Invalid query: ${message}`)

export function toRaw(value: unknown): Raw {
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
export function typeOf(table: TableSchema, attribute: string): string {
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

export function toFilter(table: TableSchema, q: Raw): Filter {
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

import { fail } from '../errors'
import type { FileModel } from '../models/file'

// listFiles' queries, evaluated in memory over one bucket's readable files (a couple's chat
// holds few enough files that an index-backed SQL translation would buy nothing).

type Query = { method: string; attribute: string; values: unknown[] }
export type Item = { seq: number; model: FileModel }
type Sort = { attribute: string; desc: boolean }

const ATTRIBUTES = new Set([
  '$id',
  '$createdAt',
  '$updatedAt',
  'name',
  'signature',
  'mimeType',
  'sizeOriginal',
  'chunksTotal',
  'chunksUploaded',
])
const MAX_LIMIT = 5000
function invalid(message: string): never {
  return fail('general_query_invalid', `Invalid query: ${message}`)
}

function parse(raw: unknown): Query {
  let q: unknown = raw
  if (typeof raw === 'string') {
    try {
      q = JSON.parse(raw)
    } catch {
      invalid(`Syntax error in ${raw}`)
    }
  }
  if (!q || typeof q !== 'object') return invalid('Must be an object.')
  const { method, attribute = '', values = [] } = q as Record<string, unknown>
  if (typeof method !== 'string' || typeof attribute !== 'string' || !Array.isArray(values))
    invalid('Invalid query structure.')
  return { method, attribute, values }
}

const value = (it: Item, attribute: string) =>
  (it.model as Record<string, unknown>)[attribute] as string | number

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** Full-text style match: any term is a prefix of a word (MariaDB boolean mode with `*`). */
export function searchMatches(text: string, term: string): boolean {
  const haystack = words(text)
  return words(term).some((t) => haystack.some((w) => w.startsWith(t)))
}

function test(q: Query, it: Item): boolean {
  if (q.method === 'and') return q.values.map(parse).every((s) => test(s, it))
  if (q.method === 'or') return q.values.map(parse).some((s) => test(s, it))
  if (!ATTRIBUTES.has(q.attribute)) invalid(`Attribute not found in schema: ${q.attribute}`)
  const v = value(it, q.attribute)
  const any = (f: (x: unknown) => boolean) => q.values.some(f)
  switch (q.method) {
    case 'equal':
      return any((x) => compare(v, x) === 0)
    case 'notEqual':
      return !any((x) => compare(v, x) === 0)
    case 'lessThan':
      return any((x) => compare(v, x) < 0)
    case 'lessThanEqual':
      return any((x) => compare(v, x) <= 0)
    case 'greaterThan':
      return any((x) => compare(v, x) > 0)
    case 'greaterThanEqual':
      return any((x) => compare(v, x) >= 0)
    case 'between':
      return compare(v, q.values[0]) >= 0 && compare(v, q.values[1]) <= 0
    case 'startsWith':
      return any((x) => String(v).startsWith(String(x)))
    case 'endsWith':
      return any((x) => String(v).endsWith(String(x)))
    case 'contains':
      return any((x) => String(v).includes(String(x)))
    case 'search':
      return any((x) => searchMatches(String(v), String(x)))
    case 'isNull':
      return v === null || v === undefined
    case 'isNotNull':
      return v !== null && v !== undefined
    default:
      return invalid(`Query method not valid: ${q.method}`)
  }
}

const orderOf = (sorts: Sort[]) => (a: Item, b: Item) => {
  for (const s of sorts) {
    const c = compare(value(a, s.attribute), value(b, s.attribute))
    if (c !== 0) return s.desc ? -c : c
  }
  return a.seq - b.seq
}

/** Applies the queries: filters, order, cursor, offset, limit. `total` counts the matches. */
export function runQueries(items: Item[], rawQueries: unknown[]) {
  const filters: Query[] = []
  const sorts: Sort[] = []
  let limit = 25
  let offset = 0
  let cursor: { id: string; after: boolean } | undefined
  for (const q of rawQueries.map(parse)) {
    const n = Number(q.values[0])
    switch (q.method) {
      case 'limit':
        if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) invalid('Invalid limit.')
        limit = n
        break
      case 'offset':
        if (!Number.isInteger(n) || n < 0 || n > MAX_LIMIT) invalid('Invalid offset.')
        offset = n
        break
      case 'orderAsc':
      case 'orderDesc':
        if (!ATTRIBUTES.has(q.attribute)) invalid(`Attribute not found in schema: ${q.attribute}`)
        sorts.push({ attribute: q.attribute, desc: q.method === 'orderDesc' })
        break
      case 'cursorAfter':
      case 'cursorBefore':
        cursor = { id: String(q.values[0]), after: q.method === 'cursorAfter' }
        break
      case 'select':
        break
      default:
        filters.push(q)
    }
  }
  const order = orderOf(sorts)
  const matched = items.filter((it) => filters.every((f) => test(f, it))).sort(order)
  let rest = matched
  if (cursor) {
    const at = items.find((it) => it.model.$id === cursor.id)
    if (!at) fail('general_cursor_not_found')
    if (cursor.after) rest = matched.filter((it) => order(it, at) > 0)
    else {
      const before = matched.filter((it) => order(it, at) < 0)
      const end = Math.max(0, before.length - offset)
      return { total: matched.length, page: before.slice(Math.max(0, end - limit), end) }
    }
  }
  return { total: matched.length, page: rest.slice(offset, offset + limit) }
}

// Subscription queries, as Appwrite's RuntimeQuery evaluates them against an event payload.
// Only comparisons, null checks, and/or and select("*") are allowed in realtime.

export type Query = { method: string; attribute: string; values: unknown[] }

const ALLOWED = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'isNull',
  'isNotNull',
  'and',
  'or',
  'select',
]

export const SELECT_ALL = JSON.stringify({ method: 'select', values: ['*'] })

export class QueryError extends Error {}

function fromObject(raw: unknown): Query {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new QueryError('Invalid query. Must be an object.')
  const { method, attribute = '', values = [] } = raw as Record<string, unknown>
  if (typeof method !== 'string') throw new QueryError('Invalid query method. Must be a string.')
  if (typeof attribute !== 'string')
    throw new QueryError('Invalid query attribute. Must be a string.')
  if (!Array.isArray(values)) throw new QueryError('Invalid query values. Must be an array.')
  if (!ALLOWED.includes(method))
    throw new QueryError(
      `Query method '${method}' is not supported in Realtime queries. Allowed query methods are: ${ALLOWED.join(', ')}`,
    )
  if (method === 'select' && !(values.length === 1 && values[0] === '*'))
    throw new QueryError(
      'Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".',
    )
  const nested = method === 'and' || method === 'or'
  return { method, attribute, values: nested ? values.map(fromObject) : values }
}

/** Parses one query string the SDK sent (Query.equal(...) etc. produce JSON strings). */
export function parseQuery(text: unknown): Query {
  if (typeof text !== 'string') throw new QueryError('Invalid query. Must be a string.')
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new QueryError(`Invalid query: ${text}`)
  }
  return fromObject(raw)
}

function toObject(q: Query): Record<string, unknown> {
  const out: Record<string, unknown> = { method: q.method }
  if (q.attribute) out.attribute = q.attribute
  out.values =
    q.method === 'and' || q.method === 'or' ? (q.values as Query[]).map(toObject) : q.values
  return out
}

/** The canonical string Appwrite echoes back in the subscribe response. */
export const queryString = (q: Query) => JSON.stringify(toObject(q))

const isSelectAll = (q: Query) =>
  q.method === 'select' && q.values.length === 1 && q.values[0] === '*'

// PHP's loose ordering is only sensible for like types; anything else never matches.
function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return undefined
}

const ORDER: Record<string, (c: number) => boolean> = {
  lessThan: (c) => c < 0,
  lessThanEqual: (c) => c <= 0,
  greaterThan: (c) => c > 0,
  greaterThanEqual: (c) => c >= 0,
}

function evaluate(q: Query, payload: Record<string, unknown>): boolean {
  if (q.method === 'and') return (q.values as Query[]).every((s) => evaluate(s, payload))
  if (q.method === 'or') return (q.values as Query[]).some((s) => evaluate(s, payload))
  if (isSelectAll(q)) return true
  // The attribute must be present; an explicit null is a value.
  if (!Object.hasOwn(payload, q.attribute)) return false
  const v = payload[q.attribute]
  switch (q.method) {
    case 'equal':
      return q.values.some((x) => x === v)
    case 'notEqual':
      return !q.values.some((x) => x === v)
    case 'isNull':
      return v === null
    case 'isNotNull':
      return v !== null
    default: {
      const test = ORDER[q.method]
      return q.values.some((x) => {
        const c = compare(v, x)
        return c !== undefined && test(c)
      })
    }
  }
}

/** All queries of one subscription must hold; select("*") anywhere matches everything. */
export function matches(queries: Query[], payload: Record<string, unknown>): boolean {
  if (queries.length === 0 || queries.some(isSelectAll)) return true
  return queries.every((q) => evaluate(q, payload))
}

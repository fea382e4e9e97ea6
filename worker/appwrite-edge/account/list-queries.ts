import { fail } from '../errors'

// Appwrite query strings (GET /users, /teams, /teams/{id}/memberships) translated to SQL. Each
// list names the attributes Appwrite lets you filter on (SPEC), mapped to our columns.
export type Columns = Record<string, { sql: string; bool?: boolean }>

export const USER_COLUMNS: Columns = {
  $id: { sql: 'id' },
  $createdAt: { sql: 'created_at' },
  $updatedAt: { sql: 'updated_at' },
  name: { sql: 'name' },
  email: { sql: 'email' },
  phone: { sql: "''" },
  status: { sql: 'status', bool: true },
  registration: { sql: 'created_at' },
  passwordUpdate: { sql: 'password_update' },
  emailVerification: { sql: 'email_verification', bool: true },
  phoneVerification: { sql: '0', bool: true },
}

export const TEAM_COLUMNS: Columns = {
  $id: { sql: 'id' },
  $createdAt: { sql: 'created_at' },
  $updatedAt: { sql: 'updated_at' },
  name: { sql: 'name' },
}

export const MEMBERSHIP_COLUMNS: Columns = {
  $id: { sql: 'id' },
  $createdAt: { sql: 'created_at' },
  $updatedAt: { sql: 'updated_at' },
  userId: { sql: 'user_id' },
  teamId: { sql: 'team_id' },
  invited: { sql: 'invited' },
  joined: { sql: 'joined' },
  confirm: { sql: 'confirm', bool: true },
}
const COMPARE: Record<string, string> = {
  equal: '=',
  notEqual: '!=',
  lessThan: '<',
  lessThanEqual: '<=',
  greaterThan: '>',
  greaterThanEqual: '>=',
}
const MAX_LIMIT = 5000

type Query = { method?: unknown; attribute?: unknown; values?: unknown }
export type Value = string | number

export type ListSql = {
  where: string
  params: Value[]
  order: string
  limit: number
  offset: number
}

const likeEscape = (s: string) => s.replace(/[%_\\]/g, (ch) => `\\${ch}`)

const invalid = (why: string): never => fail('general_query_invalid', `Invalid query: ${why}`)

function column(columns: Columns, attribute: unknown) {
  // Own keys only: `__proto__` or `toString` must not find Object.prototype's members.
  const col =
    typeof attribute === 'string' && Object.hasOwn(columns, attribute)
      ? columns[attribute]
      : undefined
  return col ?? invalid(`Attribute not found in schema: ${String(attribute)}`)
}

function sqlValue(v: unknown, bool?: boolean): Value {
  if (bool) return v === true || v === 'true' ? 1 : 0
  if (typeof v === 'string' || typeof v === 'number') return v
  return invalid('Query value is invalid')
}

/**
 * Parses `queries[]` (JSON strings) plus the `search` param (matched in `searchIn` columns) into
 * one SQL WHERE/ORDER/LIMIT; rows keep insertion order unless ordered.
 */
export function listQuery(
  columns: Columns,
  queries: string[],
  search: string | undefined,
  searchIn: string[],
  scope?: { where: string; params: Value[] },
): ListSql {
  const where: string[] = scope ? [scope.where] : []
  const params: Value[] = scope ? [...scope.params] : []
  const order: string[] = []
  let limit = 25
  let offset = 0
  for (const raw of queries) {
    let q: Query
    try {
      q = JSON.parse(raw) as Query
    } catch {
      return invalid('Syntax error')
    }
    // `null`, a number or a list parse as JSON too, but are no query.
    if (!q || typeof q !== 'object' || Array.isArray(q)) return invalid('Syntax error')
    const values = Array.isArray(q.values) ? (q.values as unknown[]) : []
    const m = String(q.method)
    if (m === 'limit' || m === 'offset') {
      const n = Number(values[0])
      if (!Number.isInteger(n) || n < 0 || (m === 'limit' && (n < 1 || n > MAX_LIMIT)))
        invalid(`Invalid ${m}`)
      if (m === 'limit') limit = n
      else offset = n
    } else if (m === 'orderAsc' || m === 'orderDesc') {
      order.push(`${column(columns, q.attribute).sql} ${m === 'orderAsc' ? 'ASC' : 'DESC'}`)
    } else if (COMPARE[m]) {
      const col = column(columns, q.attribute)
      if (!values.length) invalid(`${m} queries require at least one value.`)
      const op = COMPARE[m]
      const parts = values.map(() => `${col.sql} ${op} ?`)
      where.push(`(${parts.join(m === 'notEqual' ? ' AND ' : ' OR ')})`)
      params.push(...values.map((v) => sqlValue(v, col.bool)))
    } else if (m === 'search' || m === 'startsWith' || m === 'endsWith' || m === 'contains') {
      const col = column(columns, q.attribute)
      const term = likeEscape(String(values[0] ?? ''))
      where.push(`${col.sql} LIKE ? ESCAPE '\\'`)
      params.push(m === 'startsWith' ? `${term}%` : m === 'endsWith' ? `%${term}` : `%${term}%`)
    } else if (m === 'isNull' || m === 'isNotNull') {
      column(columns, q.attribute)
      if (m === 'isNull') where.push('0')
    } else {
      invalid(`Query method not allowed: ${m}`)
    }
  }
  if (search) {
    where.push(`(${searchIn.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`)
    params.push(...searchIn.map(() => `%${likeEscape(search.slice(0, 256))}%`))
  }
  return {
    where: where.length ? `WHERE ${where.join(' AND ')}` : '',
    params,
    order: `ORDER BY ${[...order, 'rowid ASC'].join(', ')}`,
    limit,
    offset,
  }
}

/** The `queries[n]` values of a GET, in order (the SDKs flatten arrays that way). */
export function queryStrings(url: string): string[] {
  const out: [number, string][] = []
  for (const [k, v] of new URL(url).searchParams) {
    const m = /^queries(?:\[(\d*)\])?$/.exec(k)
    if (m) out.push([m[1] ? Number(m[1]) : out.length, v])
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, v]) => v)
}

// Runs a query plan: filters, permission filtering, order with a unique tie-break, keyset cursors
// (as utopia-php/database pages), limit/offset, and the capped count Appwrite reports as `total`.
import type { TableSchema } from '../../../shared/db-schema'
import type { Sql } from '../db/sql'
import { fail } from '../errors'
import type { Plan } from './query-parse'
import { bound, sqlOf, SqlBuilder, type Bound } from './query-sql'
import { isSystemKey, SYSTEM, type Family } from './schema'
import { getRecord, type RowRecord } from './store'

// Appwrite counts at most this many rows for `total` (APP_LIMIT_COUNT).
export const COUNT_CAP = 5000

/** `readRoles` null: no permission filter (table readable, or an API key). */
function where(table: TableSchema, plan: Plan, readRoles: string[] | null, b: SqlBuilder) {
  const parts = [`table_id = ${b.bind(table.id)}`]
  if (readRoles) parts.push(b.readableBy(readRoles))
  for (const f of plan.filters) parts.push(b.filter(table, f))
  return parts
}

export function countRecords(
  sql: Sql,
  table: TableSchema,
  plan: Plan,
  readRoles: string[] | null,
): number {
  const b = new SqlBuilder()
  const parts = where(table, plan, readRoles, b)
  const row = sql.one<{ n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM rows WHERE ${parts.join(' AND ')} LIMIT ${COUNT_CAP})`,
    ...b.params,
  )
  return row?.n ?? 0
}

type Key = { attribute: string; direction: 'ASC' | 'DESC' }

/** The order keys, ending in a unique one ($sequence) so every page boundary is exact. */
function orderKeys(plan: Plan): Key[] {
  const keys = plan.orders.filter((o): o is Key => !('random' in o))
  if (!keys.some((k) => k.attribute === '$id' || k.attribute === '$sequence'))
    keys.push({ attribute: '$sequence', direction: keys.at(-1)?.direction ?? 'ASC' })
  return keys
}

function cursorValue(rec: RowRecord, attribute: string): Bound {
  if (isSystemKey(attribute)) return bound(rec[SYSTEM[attribute].sql as keyof RowRecord])
  return bound((JSON.parse(rec.data) as Record<string, unknown>)[attribute])
}

/**
 * The cursor row, looked up with the caller's read roles. Appwrite skips authorization here, but
 * then a row the caller cannot read would leak its column values through the page that follows
 * it; to the caller it does not exist.
 */
function cursorRecord(sql: Sql, table: TableSchema, id: string, readRoles: string[] | null) {
  if (!readRoles) return getRecord(sql, table.id, id)
  const b = new SqlBuilder()
  return sql.one<RowRecord>(
    `SELECT * FROM rows WHERE table_id = ${b.bind(table.id)} AND id = ${b.bind(id)} AND ${b.readableBy(readRoles)}`,
    ...b.params,
  )
}

export function findRecords(
  sql: Sql,
  table: TableSchema,
  plan: Plan,
  readRoles: string[] | null,
  family: Family,
): RowRecord[] {
  const b = new SqlBuilder()
  const parts = where(table, plan, readRoles, b)
  const before = plan.cursor?.direction === 'before'
  // Paging backwards walks the reversed order from the cursor, then flips the page back.
  const keys = orderKeys(plan).map((k) => ({
    ...k,
    direction: before ? (k.direction === 'ASC' ? 'DESC' : 'ASC') : k.direction,
  }))
  if (plan.cursor) {
    const rec = cursorRecord(sql, table, plan.cursor.id, readRoles)
    if (!rec) {
      const what = family === 'tablesdb' ? 'Row' : 'Document'
      fail(
        'general_cursor_not_found',
        `${what} '${plan.cursor.id}' for the 'cursor' value not found.`,
      )
    }
    const values = keys.map((k) => cursorValue(rec, k.attribute))
    const nullAt = values.findIndex((v) => v === null)
    if (nullAt >= 0) {
      const [items, col] = family === 'tablesdb' ? ['rows', 'column'] : ['documents', 'attribute']
      fail(
        'database_query_order_null',
        `The order ${col} '${keys[nullAt].attribute}' had a null value. Cursor pagination requires all ${items} order ${col} values are non-null.`,
      )
    }
    const alternatives = keys.map((k, i) => {
      const equal = keys.slice(0, i).map((p, j) => `${sqlOf(p.attribute)} = ${b.bind(values[j])}`)
      const op = k.direction === 'ASC' ? '>' : '<'
      return `(${[...equal, `${sqlOf(k.attribute)} ${op} ${b.bind(values[i])}`].join(' AND ')})`
    })
    parts.push(`(${alternatives.join(' OR ')})`)
  }
  const orderBy = plan.orders.some((o) => 'random' in o)
    ? 'random()'
    : keys.map((k) => `${sqlOf(k.attribute)} ${k.direction}`).join(', ')
  const recs = sql.all<RowRecord>(
    `SELECT * FROM rows WHERE ${parts.join(' AND ')} ORDER BY ${orderBy} LIMIT ${b.bind(
      plan.limit,
    )} OFFSET ${b.bind(plan.offset)}`,
    ...b.params,
  )
  return before ? recs.reverse() : recs
}

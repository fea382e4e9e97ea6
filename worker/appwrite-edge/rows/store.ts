// The `rows` table (db/migrations.ts): one SQLite row per Appwrite row, data as JSON text.
import type { TableSchema } from '../../../shared/db-schema'
import type { Sql } from '../db/sql'
import { fail } from '../errors'
import { ERRORS, noun, type Family } from './schema'
import type { RowData } from './validate'

export type RowRecord = {
  seq: number
  table_id: string
  id: string
  data: string
  permissions: string
  created_at: string
  updated_at: string
}

/** A column's value inside `data`. Keys come from the schema, never from a request. */
export const jsonPath = (key: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) throw new Error(`unsafe column key ${key}`)
  return `json_extract(data, '$.${key}')`
}

export const getRecord = (sql: Sql, tableId: string, id: string) =>
  sql.one<RowRecord>('SELECT * FROM rows WHERE table_id = ? AND id = ?', tableId, id)

type Bound = string | number | null
const bind = (v: unknown): Bound =>
  typeof v === 'boolean' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? v : null

/**
 * The unique indexes a new row is checked against: all but one over the table's sequence and its
 * scope (the sequence is assigned past every value of that scope, so nothing can clash with it).
 */
function insertChecked(table: TableSchema) {
  const seq = table.sequence
  return table.indexes.filter(
    (i) =>
      i.type === 'unique' &&
      !(seq && i.columns.includes(seq.column) && i.columns.includes(seq.scope)),
  )
}

// The insert's statement per table and set of unique indexes checked (those with a NULL value
// are not: NULLs never collide): built once, the same text every time.
const insertSql = new Map<string, string>()

function insertStatement(table: TableSchema, checked: TableSchema['indexes']): string {
  const key = `${table.id}\n${checked.map((i) => i.key).join(',')}`
  let text = insertSql.get(key)
  if (text) return text
  const seq = table.sequence
  if (seq && insertChecked(table).some((i) => i.columns.includes(seq.column)))
    throw new Error(`unique index over ${table.id}.${seq.column} without ${seq.scope}`)
  let n = 6
  const data = seq
    ? `json_set(?3, '$.${seq.column}', (SELECT coalesce(max(${jsonPath(seq.column)}), 0) + 1
       FROM rows WHERE table_id = ?1 AND ${jsonPath(seq.scope)} = ?${++n}))`
    : '?3'
  const free = checked.map(
    (i) =>
      `NOT EXISTS (SELECT 1 FROM rows WHERE table_id = ?1 AND ${i.columns
        .map((c) => `${jsonPath(c)} = ?${++n}`)
        .join(' AND ')})`,
  )
  text = `INSERT INTO rows (table_id, id, data, permissions, created_at, updated_at)
    SELECT ?1, ?2, ${data}, ?4, ?5, ?6 WHERE ${free.join(' AND ') || 'true'}
    ON CONFLICT (table_id, id) DO NOTHING
    RETURNING seq${seq ? `, ${jsonPath(seq.column)} AS assigned` : ''}`
  insertSql.set(key, text)
  return text
}

/**
 * Stores a new row in one statement: its server sequence (`sequence: {column, scope}`, one more
 * than the highest of its scope) assigned into `data`, and each unique index checked, where that
 * took a statement each before the insert. Undefined when the id or a unique index is taken;
 * `assertUnique` and `failDuplicateId` then say which. The object runs it alone, so nothing can
 * come between the max it reads and the row it stores.
 */
export function insertRecord(
  sql: Sql,
  table: TableSchema,
  rec: Omit<RowRecord, 'seq' | 'table_id'>,
  data: RowData,
): number | undefined {
  const checked = insertChecked(table).filter((i) => i.columns.every((c) => bind(data[c]) !== null))
  const seq = table.sequence
  const params: Bound[] = [
    table.id,
    rec.id,
    rec.data,
    rec.permissions,
    rec.created_at,
    rec.updated_at,
  ]
  if (seq) params.push(bind(data[seq.scope]))
  for (const i of checked) for (const c of i.columns) params.push(bind(data[c]))
  const row = sql.one<{ seq: number; assigned?: number }>(
    insertStatement(table, checked),
    ...params,
  )
  if (!row) return undefined
  if (seq) data[seq.column] = row.assigned
  return row.seq
}

export function updateRecord(sql: Sql, rec: RowRecord): RowRecord {
  sql.run(
    'UPDATE rows SET data = ?, permissions = ?, created_at = ?, updated_at = ? WHERE seq = ?',
    rec.data,
    rec.permissions,
    rec.created_at,
    rec.updated_at,
    rec.seq,
  )
  return rec
}

export const deleteRecord = (sql: Sql, seq: number) =>
  sql.run('DELETE FROM rows WHERE seq = ?', seq)

/** The 409 Appwrite answers when another row already holds the id. */
export function failDuplicateId(family: Family): never {
  fail(
    ERRORS[family].duplicate,
    `${noun(family)} with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
  )
}

/**
 * 409 naming the unique index another row already satisfies (NULLs never collide, as in SQL).
 * For a new row (`inserting`), a taken id is what it reports first, as Appwrite does, and the
 * indexes are those the insert checks (insertChecked).
 */
export function assertUnique(
  sql: Sql,
  table: TableSchema,
  data: RowData,
  selfId: string,
  family: Family,
  inserting = false,
): void {
  for (const index of inserting ? insertChecked(table) : table.indexes) {
    if (index.type !== 'unique') continue
    const values = index.columns.map((c) => bind(data[c]))
    if (values.some((v) => v === null)) continue
    const clash = sql.one<{ id: string }>(
      `SELECT id FROM rows WHERE table_id = ? AND id != ? AND ${index.columns
        .map((c) => `${jsonPath(c)} = ?`)
        .join(' AND ')} LIMIT 1`,
      table.id,
      selfId,
      ...values,
    )
    if (!clash) continue
    if (inserting && getRecord(sql, table.id, selfId)) failDuplicateId(family)
    fail(
      ERRORS[family].duplicate,
      `${noun(family)} with the same ${index.columns.join(', ')} already exists (unique index "${index.key}").`,
    )
  }
}

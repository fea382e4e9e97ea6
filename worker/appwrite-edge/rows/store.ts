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

/**
 * Stores a new row; undefined when another row already holds its id (the table's UNIQUE
 * (table_id, id) answers that in the insert itself, one statement instead of a read first).
 */
export function insertRecord(sql: Sql, rec: Omit<RowRecord, 'seq'>): RowRecord | undefined {
  return sql.one<RowRecord>(
    `INSERT INTO rows (table_id, id, data, permissions, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, id) DO NOTHING RETURNING *`,
    rec.table_id,
    rec.id,
    rec.data,
    rec.permissions,
    rec.created_at,
    rec.updated_at,
  )
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

type Bound = string | number | null
const bind = (v: unknown): Bound =>
  typeof v === 'boolean' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? v : null

/**
 * The server-assigned counter (`sequence: {column, scope}`): one more than the highest value of
 * rows with the same scope value. Runs synchronously with the insert that follows, so two writes
 * to the object cannot interleave between reading the max and storing the row.
 */
export function assignSequence(sql: Sql, table: TableSchema, data: RowData): void {
  if (!table.sequence) return
  const { column, scope } = table.sequence
  const top = sql.one<{ top: number | null }>(
    `SELECT max(${jsonPath(column)}) AS top FROM rows WHERE table_id = ? AND ${jsonPath(scope)} = ?`,
    table.id,
    bind(data[scope]),
  )
  data[column] = (top?.top ?? 0) + 1
}

/** The 409 Appwrite answers when another row already holds the id. */
export function failDuplicateId(family: Family): never {
  fail(
    ERRORS[family].duplicate,
    `${noun(family)} with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
  )
}

/**
 * 409 naming the unique index another row already satisfies (NULLs never collide, as in SQL).
 * For a new row (`inserting`), a taken id is what it reports first, as Appwrite does; and an index
 * over the table's sequence and its scope is skipped: the sequence was just assigned past every
 * value of that scope, so nothing can clash with it.
 */
export function assertUnique(
  sql: Sql,
  table: TableSchema,
  data: RowData,
  selfId: string,
  family: Family,
  inserting = false,
): void {
  const seq = inserting ? table.sequence : undefined
  for (const index of table.indexes) {
    if (index.type !== 'unique') continue
    if (seq && index.columns.includes(seq.column) && index.columns.includes(seq.scope)) continue
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

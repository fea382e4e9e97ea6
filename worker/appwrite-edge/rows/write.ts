// Storing a new or changed row: structure, server-assigned sequence, unique indexes, event.
import type { TableSchema } from '../../../shared/db-schema'
import type { Caller } from '../auth/caller'
import type { Edge } from '../context'
import { isoNow, resolveId } from '../db/sql'
import { fail } from '../errors'
import { rowEvent, type RowAction } from './events'
import { modelOf, rowModel, type RowModel } from './model'
import { assertAllowed, assertGrantable, defaultPermissions } from './permissions'
import { ERRORS, noun, type Family } from './schema'
import {
  assertUnique,
  failDuplicateId,
  getRecord,
  insertRecord,
  updateRecord,
  type RowRecord,
} from './store'
import { stripReadonly, toDatetime, validateRow, withDefaults, type RowData } from './validate'

/** What the row operations need from the request context; in-process callers pass the same. */
export type RowsEdge = Pick<Edge, 'sql' | 'caller' | 'publish'>

/** A row id param: `unique()` or a custom id (36 chars of a-z, A-Z, 0-9, `.`, `-`, `_`). */
export function checkRowId(rowId: unknown, family: Family): string {
  const param = family === 'tablesdb' ? 'rowId' : 'documentId'
  if (rowId === undefined || rowId === null || rowId === '')
    fail(
      ERRORS[family].missingData,
      `${noun(family)} ID is required when creating a single ${noun(family).toLowerCase()}.`,
    )
  const id = resolveId(rowId)
  if (!id)
    fail(
      'general_argument_invalid',
      `Invalid \`${param}\` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char`,
    )
  return id
}

/**
 * `$createdAt` / `$updatedAt` in the data: an API key may set them (Appwrite preserves dates for
 * privileged callers); anyone else's are dropped. Removes them from `data`.
 */
function takeDates(data: RowData, caller: Caller, family: Family) {
  const dates: { $createdAt?: string; $updatedAt?: string } = {}
  for (const key of ['$createdAt', '$updatedAt'] as const) {
    const value = data[key]
    delete data[key]
    if (caller.kind !== 'key' || value === undefined || value === null) continue
    const date = toDatetime(value)
    if (!date)
      fail(
        ERRORS[family].structure,
        `Invalid document structure: Attribute "${key}" has invalid type. Value must be valid date.`,
      )
    dates[key] = date
  }
  return dates
}

/** The client's data, minus what the server owns: system keys and the sequence column. */
function clientData(table: TableSchema, input: RowData, caller: Caller, family: Family) {
  const data = stripReadonly(input)
  const dates = takeDates(data, caller, family)
  if (table.sequence) delete data[table.sequence.column]
  return { data, dates }
}

/** Creates a row as the caller; no permissions given means Appwrite's defaults for the caller. */
export function insertRow(
  edge: RowsEdge,
  table: TableSchema,
  id: string,
  input: RowData,
  requested: string[] | null,
  action: RowAction,
  family: Family,
): RowModel {
  const permissions = requested ?? defaultPermissions(edge.caller)
  assertGrantable(edge.caller, permissions)
  assertAllowed(edge.caller, table, 'create')
  const { data, dates } = clientData(table, input, edge.caller, family)
  const row = validateRow(table, withDefaults(table, data), family)
  const now = isoNow()
  const rec = {
    id,
    data: JSON.stringify(row),
    permissions: JSON.stringify(permissions),
    created_at: dates.$createdAt ?? now,
    updated_at: dates.$updatedAt ?? now,
  }
  // Sequence, unique indexes and id in the insert itself; when refused, which one says why.
  const seq = insertRecord(edge.sql, table, rec, row)
  if (seq === undefined) {
    if (getRecord(edge.sql, table.id, id)) failDuplicateId(family)
    assertUnique(edge.sql, table, row, id, family, true)
    throw new Error(`insert into ${table.id} refused for no reason found`)
  }
  const model = modelOf(table, { ...rec, seq }, row, permissions)
  edge.publish(rowEvent(table, model, action, family))
  return model
}

/**
 * Applies `input` over the stored row (a partial update, as Appwrite merges it) as the caller,
 * who needs update permission; no permissions given keeps the row's own.
 */
export function changeRow(
  edge: RowsEdge,
  table: TableSchema,
  rec: RowRecord,
  input: RowData,
  requested: string[] | null,
  action: RowAction,
  family: Family,
): RowModel {
  const current = JSON.parse(rec.permissions) as string[]
  if (requested) assertGrantable(edge.caller, requested)
  assertAllowed(edge.caller, table, 'update', current)
  const permissions = requested ?? current
  const { data, dates } = clientData(table, input, edge.caller, family)
  const old = JSON.parse(rec.data) as RowData
  // Only current columns carry over, so a stored key the schema dropped cannot fail the update.
  const kept = Object.fromEntries(table.columns.map((c) => [c.key, old[c.key]]))
  const row = validateRow(table, { ...kept, ...data }, family)
  // The sequence belongs to the server: whatever the row had, it keeps.
  if (table.sequence) row[table.sequence.column] = old[table.sequence.column] ?? null
  assertUnique(edge.sql, table, row, rec.id, family)
  const saved = updateRecord(edge.sql, {
    ...rec,
    data: JSON.stringify(row),
    permissions: JSON.stringify(permissions),
    created_at: dates.$createdAt ?? rec.created_at,
    updated_at: dates.$updatedAt ?? isoNow(),
  })
  const model = rowModel(table, saved)
  edge.publish(rowEvent(table, model, action, family))
  return model
}

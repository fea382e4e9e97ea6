// The row operations of TablesDB and the legacy Databases API, callable in-process: the routes
// use them, and any code inside the Durable Object can too (pass an edge with a key caller to act
// as the server). Results are row models; the legacy routes rename them with toDocument.
import { fail } from '../errors'
import { rowEvent } from './events'
import { rowModel, type RowModel } from './model'
import { assertAllowed, normalizePermissions, rowAllows, tableAllows } from './permissions'
import { parseQueries } from './query-parse'
import { countRecords, findRecords } from './query-run'
import { ERRORS, requireTable, type Family } from './schema'
import { deleteRecord, getRecord } from './store'
import { asObject } from './validate'
import { changeRow, checkRowId, insertRow, type RowsEdge } from './write'

export type { RowsEdge } from './write'
export type RowOptions = { family?: Family }
export type RowList = { total: number; rows: RowModel[] }

const permsOf = (rec: { permissions: string }) => JSON.parse(rec.permissions) as string[]

/**
 * Rows matching Appwrite query strings. Readable table: all rows; otherwise, with rowSecurity,
 * only rows the caller may read (and `total` counts only those); otherwise 401.
 */
export function listRows(
  edge: RowsEdge,
  tableId: string,
  queries: string[] = [],
  opts: RowOptions & { total?: boolean } = {},
): RowList {
  const family = opts.family ?? 'tablesdb'
  const table = requireTable(tableId, family)
  const plan = parseQueries(table, queries)
  let readRoles: string[] | null = null
  if (!tableAllows(edge.caller, table, 'read')) {
    if (!table.rowSecurity) assertAllowed(edge.caller, table, 'read')
    readRoles = edge.caller.roles
  }
  const recs = findRecords(edge.sql, table, plan, readRoles, family)
  return {
    total: opts.total === false ? 0 : countRecords(edge.sql, table, plan, readRoles),
    rows: recs.map((r) => rowModel(table, r, plan.select)),
  }
}

/** One row, or undefined also when the caller may not read it (no error object for a miss). */
export function findRow(
  edge: RowsEdge,
  tableId: string,
  rowId: string,
  queries: string[] = [],
  opts: RowOptions = {},
): RowModel | undefined {
  const table = requireTable(tableId, opts.family ?? 'tablesdb')
  const plan = parseQueries(table, queries, true)
  const rec = getRecord(edge.sql, table.id, rowId)
  if (!rec || !rowAllows(edge.caller, table, permsOf(rec), 'read')) return undefined
  return rowModel(table, rec, plan.select)
}

/** One row; 404 also when the caller may not read it, so its existence does not leak. */
export function getRow(
  edge: RowsEdge,
  tableId: string,
  rowId: string,
  queries: string[] = [],
  opts: RowOptions = {},
): RowModel {
  return (
    findRow(edge, tableId, rowId, queries, opts) ?? fail(ERRORS[opts.family ?? 'tablesdb'].notFound)
  )
}

/** POST …/rows: needs the table's create permission; default permissions for users. */
export function createRow(
  edge: RowsEdge,
  tableId: string,
  rowId: unknown,
  data: unknown,
  permissions?: unknown,
  opts: RowOptions = {},
): RowModel {
  const family = opts.family ?? 'tablesdb'
  const input = asObject(data)
  const perms = normalizePermissions(permissions)
  if (!Object.keys(input).length) fail(ERRORS[family].missingData)
  const id = checkRowId(rowId, family)
  return insertRow(edge, requireTable(tableId, family), id, input, perms, 'create', family)
}

/** PATCH …/rows/{id}: partial data and/or permissions; update permission, not read, needed. */
export function updateRow(
  edge: RowsEdge,
  tableId: string,
  rowId: string,
  data?: unknown,
  permissions?: unknown,
  opts: RowOptions = {},
): RowModel {
  const family = opts.family ?? 'tablesdb'
  const input = asObject(data)
  const perms = normalizePermissions(permissions)
  if (!Object.keys(input).length && perms === null) fail(ERRORS[family].missingPayload)
  const table = requireTable(tableId, family)
  const rec = getRecord(edge.sql, table.id, rowId)
  if (!rec) fail(ERRORS[family].notFound)
  return changeRow(edge, table, rec, input, perms, 'update', family)
}

/** PUT …/rows/{id}: updates the row when it exists (update permission), else creates it. */
export function upsertRow(
  edge: RowsEdge,
  tableId: string,
  rowId: unknown,
  data?: unknown,
  permissions?: unknown,
  opts: RowOptions = {},
): RowModel {
  const family = opts.family ?? 'tablesdb'
  const input = asObject(data)
  const perms = normalizePermissions(permissions)
  if (!Object.keys(input).length && perms === null) fail(ERRORS[family].missingPayload)
  const id = checkRowId(rowId, family)
  const table = requireTable(tableId, family)
  const rec = getRecord(edge.sql, table.id, id)
  return rec
    ? changeRow(edge, table, rec, input, perms, 'upsert', family)
    : insertRow(edge, table, id, input, perms, 'upsert', family)
}

/** DELETE …/rows/{id}: delete permission on the table or (rowSecurity) the row. */
export function deleteRow(
  edge: RowsEdge,
  tableId: string,
  rowId: string,
  opts: RowOptions = {},
): RowModel {
  const family = opts.family ?? 'tablesdb'
  const table = requireTable(tableId, family)
  const rec = getRecord(edge.sql, table.id, rowId)
  if (!rec) fail(ERRORS[family].notFound)
  assertAllowed(edge.caller, table, 'delete', permsOf(rec))
  const model = rowModel(table, rec)
  deleteRecord(edge.sql, rec.seq)
  edge.publish(rowEvent(table, model, 'delete', family))
  return model
}

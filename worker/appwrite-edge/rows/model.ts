// Appwrite's `row` / `document` response models (§10 of the protocol; OpenAPI row, document).
import { DATABASE_ID, type TableSchema } from '../../../shared/db-schema'
import type { RowRecord } from './store'
import type { RowData } from './validate'

export type RowModel = {
  $id: string
  $sequence: string
  $tableId: string
  $databaseId: string
  $createdAt: string
  $updatedAt: string
  $permissions: string[]
  [column: string]: unknown
}

export type DocumentModel = Omit<RowModel, '$tableId'> & { $collectionId: string }

/**
 * The row as the API returns it: system fields, then every column (its default, else null, when
 * the stored data lacks it). `select` keeps the system fields and only the named columns, as
 * Appwrite's projection does; `*` or no select means all columns.
 */
export function rowModel(table: TableSchema, rec: RowRecord, select?: string[]): RowModel {
  const data = JSON.parse(rec.data) as RowData
  return modelOf(table, rec, data, JSON.parse(rec.permissions) as string[], select)
}

/** rowModel of a record whose data and permissions are at hand (a row just written). */
export function modelOf(
  table: TableSchema,
  rec: Pick<RowRecord, 'id' | 'seq' | 'created_at' | 'updated_at'>,
  data: RowData,
  permissions: string[],
  select?: string[],
): RowModel {
  const model: RowModel = {
    $id: rec.id,
    $sequence: String(rec.seq),
    $tableId: table.id,
    $databaseId: DATABASE_ID,
    $createdAt: rec.created_at,
    $updatedAt: rec.updated_at,
    $permissions: permissions,
  }
  const all = !select || select.includes('*')
  for (const c of table.columns)
    if (all || select.includes(c.key)) model[c.key] = data[c.key] ?? c.default ?? null
  return model
}

/** The legacy Databases API names the table `$collectionId`; everything else is identical. */
export function toDocument(row: RowModel): DocumentModel {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row)) {
    if (k === '$tableId') out.$collectionId = v
    else out[k] = v
  }
  return out as DocumentModel
}

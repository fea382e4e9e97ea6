// The tables the embedded backend serves (shared/db-schema.ts) and the two API families over them.
import { DATABASE_ID, TABLES, type Column, type TableSchema } from '../../../shared/db-schema'
import { fail, type ErrorType } from '../errors'

/** TablesDB (rows, current) or the deprecated Databases API (documents): same data, other names. */
export type Family = 'tablesdb' | 'legacy'

type FamilyErrors = {
  parentNotFound: ErrorType
  notFound: ErrorType
  structure: ErrorType
  duplicate: ErrorType
  missingPayload: ErrorType
  missingData: ErrorType
}

export const ERRORS: Record<Family, FamilyErrors> = {
  tablesdb: {
    parentNotFound: 'table_not_found',
    notFound: 'row_not_found',
    structure: 'row_invalid_structure',
    duplicate: 'row_already_exists',
    missingPayload: 'row_missing_payload',
    missingData: 'row_missing_data',
  },
  legacy: {
    parentNotFound: 'collection_not_found',
    notFound: 'document_not_found',
    structure: 'document_invalid_structure',
    duplicate: 'document_already_exists',
    missingPayload: 'document_missing_payload',
    missingData: 'document_missing_data',
  },
}

/** Singular noun for messages: "Row" / "Document". */
export const noun = (family: Family) => (family === 'tablesdb' ? 'Row' : 'Document')

const BY_ID: Record<string, TableSchema> = TABLES

export function requireDatabase(databaseId: string): void {
  if (databaseId !== DATABASE_ID)
    fail('database_not_found', `Database with the requested ID '${databaseId}' could not be found.`)
}

export function requireTable(tableId: string, family: Family): TableSchema {
  const table = Object.hasOwn(BY_ID, tableId) ? BY_ID[tableId] : undefined
  if (!table) {
    const what = family === 'tablesdb' ? 'Table' : 'Collection'
    fail(
      ERRORS[family].parentNotFound,
      `${what} with the requested ID '${tableId}' could not be found.`,
    )
  }
  return table
}

export const columnOf = (table: TableSchema, key: string): Column | undefined =>
  table.columns.find((c) => c.key === key)

/** The system attributes every row has, as queries and selects may name them. */
export const SYSTEM = {
  $id: { sql: 'id', type: 'string' },
  $sequence: { sql: 'seq', type: 'sequence' },
  $createdAt: { sql: 'created_at', type: 'datetime' },
  $updatedAt: { sql: 'updated_at', type: 'datetime' },
} as const

export type SystemKey = keyof typeof SYSTEM
export const isSystemKey = (key: string): key is SystemKey => Object.hasOwn(SYSTEM, key)

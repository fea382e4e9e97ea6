// Row data against the table's columns, with utopia-php/database's Structure messages.
import type { Column, TableSchema } from '../../../shared/db-schema'
import { fail } from '../errors'
import { ERRORS, type Family } from './schema'

export type RowData = Record<string, unknown>

const INT_MAX = 2147483647
// Keys a client may send that Appwrite drops instead of rejecting (removeReadonlyAttributes).
const DROPPED = ['$id', '$permissions', '$sequence', '$databaseId', '$tableId', '$collectionId']

/** Appwrite's stored date format, or undefined when the value is not a date. */
export function toDatetime(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) return undefined
  return new Date(ms).toISOString().replace('Z', '+00:00')
}

/** A JSON object param (`data`), or a 400 naming it. */
export function asObject(value: unknown, param = 'data'): RowData {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      /* falls through to the error below */
    }
  }
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    fail(
      'general_argument_invalid',
      `Invalid \`${param}\` param: Value must be a valid JSON string`,
    )
  return value as RowData
}

/** The client's data without the system keys Appwrite ignores; `$createdAt`/`$updatedAt` kept. */
export function stripReadonly(data: RowData): RowData {
  const out: RowData = {}
  for (const [k, v] of Object.entries(data)) if (!DROPPED.includes(k)) out[k] = v
  return out
}

/** Why `value` does not fit `column`, or undefined when it does. */
function mismatch(column: Column, value: unknown): string | undefined {
  const label = column.type === 'enum' ? 'format' : 'type'
  const bad = (why: string) => `Attribute "${column.key}" has invalid ${label}. ${why}`
  switch (column.type) {
    case 'string':
      if (typeof value !== 'string' || [...value].length > (column.size ?? Infinity))
        return bad(`Value must be a valid string and no longer than ${column.size} chars`)
      return undefined
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value))
        return bad('Value must be a valid integer')
      if (Math.abs(value) > INT_MAX)
        return bad('Value must be a valid range between -2,147,483,647 and 2,147,483,647')
      return undefined
    case 'float':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : bad('Value must be a valid float')
    case 'boolean':
      return typeof value === 'boolean' ? undefined : bad('Value must be a valid boolean')
    case 'datetime':
      return toDatetime(value)
        ? undefined
        : bad('Value must be valid date between 0000-01-01 00:00:00 and 9999-12-31 00:00:00.')
    case 'enum':
      return typeof value === 'string' && (column.elements ?? []).includes(value)
        ? undefined
        : bad(`Value must be one of (${(column.elements ?? []).join(', ')})`)
  }
}

const normalize = (column: Column, value: unknown) =>
  column.type === 'datetime' && value !== null ? toDatetime(value) : value

/**
 * Checks a complete row (what will be stored) like utopia's Structure validator: required
 * columns first, then unknown keys, then each value. Returns the row with every column present
 * (null when unset) and dates in Appwrite's format; `$createdAt`/`$updatedAt` are left to the caller.
 */
export function validateRow(table: TableSchema, row: RowData, family: Family): RowData {
  const invalid = (message: string): never =>
    fail(ERRORS[family].structure, `Invalid document structure: ${message}`)
  for (const c of table.columns)
    if (c.required && (row[c.key] === undefined || row[c.key] === null))
      invalid(`Missing required attribute "${c.key}"`)
  const known = new Set(table.columns.map((c) => c.key))
  for (const key of Object.keys(row))
    if (!known.has(key) && key !== '$createdAt' && key !== '$updatedAt')
      invalid(`Unknown attribute: "${key}"`)
  const out: RowData = {}
  for (const c of table.columns) {
    const value = row[c.key] ?? null
    if (value !== null) {
      if (c.array) {
        if (!Array.isArray(value)) invalid(`Attribute "${c.key}" must be an array`)
        for (const item of value as unknown[]) {
          const why = item === null ? undefined : mismatch(c, item)
          if (why) invalid(why)
        }
        out[c.key] = (value as unknown[]).map((v) => normalize(c, v))
        continue
      }
      const why = mismatch(c, value)
      if (why) invalid(why)
    }
    out[c.key] = normalize(c, value)
  }
  return out
}

/** Column defaults for the keys a new row leaves out. */
export function withDefaults(table: TableSchema, data: RowData): RowData {
  const out = { ...data }
  for (const c of table.columns)
    if (out[c.key] === undefined && c.default !== undefined) out[c.key] = c.default
  return out
}

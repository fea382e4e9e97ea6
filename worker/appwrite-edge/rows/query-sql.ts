// Filters → SQL over json_extract. Values are always bound parameters; the only text put into
// the SQL is column keys already checked against the schema (query-filter.ts) and store.jsonPath.
import type { TableSchema } from '../../../shared/db-schema'
import { readableSql } from '../auth/permissions'
import { columnOf, isSystemKey, SYSTEM } from './schema'
import type { Filter } from './query-filter'
import { jsonPath } from './store'

export type Bound = string | number | null

export const bound = (v: unknown): Bound =>
  typeof v === 'boolean' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? v : null

/** The SQL expression of an attribute: a system column or the JSON value of a column. */
export const sqlOf = (attribute: string): string =>
  isSystemKey(attribute) ? SYSTEM[attribute].sql : jsonPath(attribute)

// LIKE patterns with the wildcards of the user's text escaped.
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`)

const COMPARE: Record<string, string> = {
  lessThan: '<',
  lessThanEqual: '<=',
  greaterThan: '>',
  greaterThanEqual: '>=',
}

export class SqlBuilder {
  readonly params: Bound[] = []

  bind(...values: unknown[]): string {
    this.params.push(...values.map(bound))
    return values.map(() => '?').join(', ')
  }

  private like(expr: string, pattern: string, negate = false): string {
    return `${expr} ${negate ? 'NOT ' : ''}LIKE ${this.bind(pattern)} ESCAPE '\\'`
  }

  filter(table: TableSchema, f: Filter): string {
    if ('filters' in f)
      return `(${f.filters.map((x) => this.filter(table, x)).join(f.method === 'and' ? ' AND ' : ' OR ')})`
    const e = sqlOf(f.attribute)
    const v = f.values
    switch (f.method) {
      case 'equal':
        return `${e} IN (${this.bind(...v)})`
      case 'notEqual':
        return `${e} NOT IN (${this.bind(...v)})`
      case 'between':
        return `${e} BETWEEN ${this.bind(v[0])} AND ${this.bind(v[1])}`
      case 'notBetween':
        return `${e} NOT BETWEEN ${this.bind(v[0])} AND ${this.bind(v[1])}`
      case 'isNull':
        return `${e} IS NULL`
      case 'isNotNull':
        return `${e} IS NOT NULL`
      case 'contains':
      case 'notContains': {
        const not = f.method === 'notContains' ? 'NOT ' : ''
        if (columnOf(table, f.attribute)?.array)
          return `${not}EXISTS (SELECT 1 FROM json_each(${e}) WHERE value IN (${this.bind(...v)}))`
        const any = v.map((x) => this.like(e, `%${escapeLike(String(x))}%`)).join(' OR ')
        return `${not}(${any})`
      }
      case 'startsWith':
      case 'notStartsWith':
        return this.like(e, `${escapeLike(String(v[0]))}%`, f.method === 'notStartsWith')
      case 'endsWith':
      case 'notEndsWith':
        return this.like(e, `%${escapeLike(String(v[0]))}`, f.method === 'notEndsWith')
      case 'search':
      case 'notSearch': {
        // A full-text stand-in: any of the words, as MariaDB's boolean-mode MATCH finds them.
        const words = String(v[0]).split(/\s+/).filter(Boolean)
        const any = words.length
          ? words.map((w) => this.like(e, `%${escapeLike(w)}%`)).join(' OR ')
          : '0'
        return f.method === 'search' ? `(${any})` : `NOT (${any})`
      }
      default: {
        const op = COMPARE[f.method]
        if (!op) throw new Error(`unhandled filter ${f.method}`)
        return `${e} ${op} ${this.bind(v[0])}`
      }
    }
  }

  /** Rows whose permissions grant `read` to one of the roles. */
  readableBy(roles: string[]): string {
    const { sql, params } = readableSql('rows.permissions', roles)
    this.params.push(...params)
    return sql
  }
}

import { describe, expect, it } from 'vitest'
import { TABLES } from '../../shared/db-schema'
import { AppwriteException } from '../../worker/appwrite-edge/errors'
import { parseQueries } from '../../worker/appwrite-edge/rows/query-parse'
import { SqlBuilder } from '../../worker/appwrite-edge/rows/query-sql'

// Query strings → SQL: values only ever travel as bound parameters; names only from the schema.
const q = (method: string, attribute: string, values: unknown[]) =>
  JSON.stringify({ method, attribute, values })
const EVIL = `x'); DROP TABLE rows; --`

function compile(...queries: string[]) {
  const plan = parseQueries(TABLES.messages, queries)
  const b = new SqlBuilder()
  const sql = plan.filters.map((f) => b.filter(TABLES.messages, f)).join(' AND ')
  return { sql, params: b.params, plan }
}

describe('rows query compilation', () => {
  it('binds every value, including hostile text and LIKE patterns', () => {
    const { sql, params } = compile(
      q('equal', 'message', [EVIL, 'b']),
      q('startsWith', 'message', [`50%_off`]),
      q('search', 'message', [`${EVIL} other`]),
      q('between', 'seq', [1, 9]),
    )
    expect(sql).not.toContain('DROP')
    expect(sql).not.toContain('50')
    expect(params).toEqual([
      EVIL,
      'b',
      '50\\%\\_off%',
      `%x');%`,
      '%DROP%',
      '%TABLE%',
      '%rows;%',
      '%--%',
      '%other%',
      1,
      9,
    ])
    expect(sql).toContain(`json_extract(data, '$.message') IN (?, ?)`)
  })

  it('maps system attributes to their columns and booleans to 0/1', () => {
    const plan = parseQueries(TABLES.status, [
      q('equal', 'isOnline', [true]),
      q('greaterThan', '$createdAt', ['2024-01-01']),
      q('equal', '$sequence', ['12']),
    ])
    const b = new SqlBuilder()
    const sql = plan.filters.map((f) => b.filter(TABLES.status, f)).join(' AND ')
    expect(sql).toBe(`json_extract(data, '$.isOnline') IN (?) AND created_at > ? AND seq IN (?)`)
    expect(b.params).toEqual([1, '2024-01-01T00:00:00.000+00:00', 12])
  })

  it('refuses names outside the schema before any SQL exists', () => {
    for (const attr of [`message') OR 1=1 --`, 'nope', '$permissions'])
      expect(() => compile(q('equal', attr, ['x']))).toThrow(AppwriteException)
    expect(() => compile(JSON.stringify({ method: 'orderAsc', attribute: 'seq; DROP' }))).toThrow(
      /Attribute not found in schema/,
    )
  })

  it('reads pagination: defaults, limits, first cursor', () => {
    const { plan } = compile()
    expect(plan).toMatchObject({ limit: 25, offset: 0, orders: [], filters: [] })
    const paged = compile(
      JSON.stringify({ method: 'limit', values: [5000] }),
      JSON.stringify({ method: 'offset', values: [10] }),
      JSON.stringify({ method: 'cursorBefore', values: ['a'] }),
      JSON.stringify({ method: 'cursorAfter', values: ['b'] }),
    ).plan
    expect(paged).toMatchObject({
      limit: 5000,
      offset: 10,
      cursor: { direction: 'before', id: 'a' },
    })
  })
})

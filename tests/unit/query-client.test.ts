import { describe, expect, it } from 'vitest'
import { createQueryClient, retryDelay } from '../../web/lib/query-client'

describe('query client defaults', () => {
  it('backs off from 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ])
  })

  it('retries queries 3 times, keeps unused data 5 minutes and never retries mutations', () => {
    const client = createQueryClient()
    const { queries, mutations } = client.getDefaultOptions()
    expect(queries?.retry).toBe(3)
    expect(queries?.retryDelay).toBe(retryDelay)
    expect(queries?.gcTime).toBe(5 * 60_000)
    expect(mutations?.retry).toBe(0)
  })
})

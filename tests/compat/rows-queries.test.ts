import { Query } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { DB, webTables } from './rows-setup'
import { marker, member, seedQueries, seqs } from './rows-query-setup'

// Every filter operator against the seeded room of messages (seq 1..5) and three status rows
// (rows-query-setup.ts). Order, paging, select and invalid queries: rows-paging.test.ts.
beforeAll(seedQueries)

describe('filters', () => {
  it('compare, null checks and ranges', async () => {
    expect(await seqs(Query.equal('seq', [2, 4]))).toEqual([2, 4])
    expect(await seqs(Query.notEqual('senderId', 'sA'))).toEqual([2, 4])
    expect(await seqs(Query.lessThan('seq', 3))).toEqual([1, 2])
    expect(await seqs(Query.lessThanEqual('seq', 3))).toEqual([1, 2, 3])
    expect(await seqs(Query.greaterThan('seq', 3))).toEqual([4, 5])
    expect(await seqs(Query.greaterThanEqual('seq', 3))).toEqual([3, 4, 5])
    expect(await seqs(Query.between('seq', 2, 4))).toEqual([2, 3, 4])
    expect(await seqs(Query.notBetween('seq', 2, 4))).toEqual([1, 5])
    expect(await seqs(Query.isNull('clientId'))).toEqual([2, 5])
    expect(await seqs(Query.isNotNull('clientId'))).toEqual([1, 3, 4])
    expect(await seqs(Query.equal('kind', 'system'))).toEqual([2, 5])
  })

  it('text: contains, startsWith, endsWith, search, with LIKE wildcards taken literally', async () => {
    expect(await seqs(Query.contains('message', 'apple'))).toEqual([1, 3])
    expect(await seqs(Query.contains('message', ['banana', 'delta']))).toEqual([2, 4])
    expect(await seqs(Query.contains('message', '_%'))).toEqual([5])
    expect(await seqs(Query.notContains('message', 'apple'))).toEqual([2, 4, 5])
    expect(await seqs(Query.startsWith('message', 'gamma'))).toEqual([3])
    expect(await seqs(Query.notStartsWith('message', 'gamma'))).toEqual([1, 2, 4, 5])
    expect(await seqs(Query.endsWith('message', 'pie'))).toEqual([3])
    expect(await seqs(Query.endsWith('message', '%'))).toEqual([5])
    expect(await seqs(Query.search('message', 'banana delta'))).toEqual([2, 4])
  })

  it('and / or nesting', async () => {
    const q = Query.or([
      Query.equal('kind', 'system'),
      Query.and([Query.equal('senderId', 'sA'), Query.greaterThan('seq', 2)]),
    ])
    expect(await seqs(q)).toEqual([2, 3, 5])
  })

  it('booleans, enums and datetimes, and the system dates', async () => {
    const status = async (...queries: string[]) =>
      (
        await webTables(member).listRows({
          databaseId: DB,
          tableId: 'status',
          queries: [Query.equal('typingRoomId', marker), ...queries],
        })
      ).rows.map((r) => r.presence)
    expect(await status(Query.equal('isOnline', true))).toEqual(['online', 'away'])
    expect(await status(Query.equal('isOnline', false))).toEqual(['offline'])
    expect(await status(Query.lessThan('lastSeenAt', '2024-03-01T00:00:00Z'))).toEqual(['online'])
    expect(await status(Query.isNull('lastSeenAt'))).toEqual(['away'])
    expect(await status(Query.createdBefore('2000-01-01T00:00:00.000+00:00'))).toEqual([])
    expect(await status(Query.createdAfter('2000-01-01T00:00:00.000+00:00'))).toHaveLength(3)
    expect(await status(Query.orderDesc('lastSeenAt'), Query.isNotNull('lastSeenAt'))).toEqual([
      'offline',
      'online',
    ])
  })
})

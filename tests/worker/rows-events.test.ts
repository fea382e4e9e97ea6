import { describe, expect, it } from 'vitest'
import { TABLES } from '../../shared/db-schema'
import { rowChannels, rowEvent, rowEventNames } from '../../worker/appwrite-edge/rows/events'
import type { RowModel } from '../../worker/appwrite-edge/rows/model'

// The realtime event of a row write, checked against Appwrite's facts (protocol §6.4, §6.5).
const row = (permissions: string[]): RowModel => ({
  $id: 'u1',
  $sequence: '7',
  $tableId: 'scans',
  $databaseId: 'kathelia',
  $createdAt: '2024-01-01T00:00:00.000+00:00',
  $updatedAt: '2024-01-01T00:00:00.000+00:00',
  $permissions: permissions,
  target: 'x',
})

describe('row events', () => {
  it('names an update 42 ways, most specific first, in both API families', () => {
    const names = rowEventNames('legacy', 'status', 'u1', 'update')
    expect(names).toHaveLength(42)
    expect(new Set(names).size).toBe(42)
    expect(names[0]).toBe('databases.kathelia.collections.status.documents.u1.update')
    expect(rowEventNames('tablesdb', 'status', 'u1', 'update')[0]).toBe(
      'databases.kathelia.tables.status.rows.u1.update',
    )
    for (const n of [
      'databases.*.collections.*.documents.*.update',
      'databases.kathelia.tables.*.rows.u1',
      'databases.*.tables.status',
      'databases.kathelia',
      'databases.*',
    ])
      expect(names).toContain(n)
    expect(names.filter((n) => n.endsWith('.update'))).toHaveLength(16)
  })

  it('fans out on the 16 channels of both families', () => {
    const channels = rowChannels('rooms', 'r1', 'create')
    expect(channels).toHaveLength(16)
    expect(channels).toEqual(
      expect.arrayContaining([
        'documents',
        'rows',
        'databases.kathelia.collections.rooms.documents',
        'databases.kathelia.collections.rooms.documents.r1.create',
        'databases.kathelia.tables.rooms.rows.r1',
        'tablesdb.kathelia.tables.rooms.rows',
        'tablesdb.kathelia.tables.rooms.rows.r1.create',
        'rows.create',
      ]),
    )
  })

  it('reaches table readers, plus row readers only with rowSecurity', () => {
    const scan = rowEvent(TABLES.scans, row(['read("user:a")', 'update("user:a")']), 'create')
    expect(scan.roles).toEqual(['user:a'])
    expect(scan.payload).toMatchObject({ $id: 'u1', $tableId: 'scans' })
    const message = rowEvent(
      TABLES.messages,
      { ...row(['read("any")']), $tableId: 'messages' },
      'delete',
    )
    expect(message.roles).toEqual(['team:user'])
    expect(message.events[0]).toBe('databases.kathelia.tables.messages.rows.u1.delete')
    // Presence privacy: status rows reach team admin, plus whom the row grants.
    const status = rowEvent(
      TABLES.status,
      { ...row(['read("user:a")']), $tableId: 'status' },
      'update',
    )
    expect(status.roles).toEqual(['team:admin', 'user:a'])
  })
})

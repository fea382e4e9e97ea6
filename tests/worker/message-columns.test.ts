import { describe, expect, it } from 'vitest'
import { TABLES } from '../../shared/db-schema'
import { rowModel } from '../../worker/appwrite-edge/rows/model'

// The embedded backend keeps a row's columns as JSON, so a column added to the shared schema
// needs no SQLite migration: a message stored before the attachment columns existed (e.g. in an
// existing .wrangler/state) reads them as null, exactly like a new message without a file.
describe('a message row stored before the attachment columns', () => {
  it('reads every file column as null', () => {
    const stored = {
      seq: 7,
      table_id: 'messages',
      id: 'm1',
      data: JSON.stringify({ roomId: 'home', message: 'Hi', senderId: 'u1', kind: 'user', seq: 3 }),
      permissions: '[]',
      created_at: '2026-01-01T00:00:00.000+00:00',
      updated_at: '2026-01-01T00:00:00.000+00:00',
    }
    const row = rowModel(TABLES.messages, stored)
    expect(row).toMatchObject({ message: 'Hi', seq: 3, clientId: null })
    for (const key of ['fileId', 'fileName', 'fileType', 'fileSize', 'fileWidth', 'fileHeight'])
      expect(row[key], key).toBeNull()
  })
})

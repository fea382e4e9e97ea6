import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { TABLES } from '../../shared/db-schema'
import type { EdgeBackend } from '../../worker/appwrite-edge'
import { backfillSearchText } from '../../worker/appwrite-edge/db/backfill-search-text'
import { MIGRATIONS } from '../../worker/appwrite-edge/db/migrations'
import { rowModel } from '../../worker/appwrite-edge/rows/model'
import { backendStub } from '../../worker/appwrite-edge/stub'
import { getConfig } from '../../worker/config'

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

describe('a message stored before the searchText column', () => {
  it('gets its text as read and a document its name from the migration, once', async () => {
    const stub = backendStub(env, getConfig(env)) as DurableObjectStub<EdgeBackend>
    const stored = await runInDurableObject(stub, (backend) => {
      const sql = backend.sql
      const put = (id: string, message: string, file = {}) =>
        sql.run(
          `INSERT INTO rows (table_id, id, data, created_at, updated_at) VALUES ('messages', ?, ?, ?, ?)`,
          id,
          JSON.stringify({ roomId: 'home', message, senderId: 'u1', kind: 'user', ...file }),
          '2026-01-01T00:00:00.000+00:00',
          '2026-01-01T00:00:00.000+00:00',
        )
      put('old-styled', 'see *you* at _eight_')
      put('old-plain', 'snake_case stays, 2*3*4 too')
      put('old-none', 'nothing to read differently')
      const doc = { fileName: 'minutes.pdf', fileType: 'application/pdf' }
      put('old-doc', '', doc)
      // Stored when the column held a caption as read only.
      put('old-doc-read', '*see* you', { ...doc, searchText: 'see you' })
      const photo = { fileName: 'image.png', fileType: 'image/png' }
      put('old-photo', 'the _view_', photo)
      put('old-photo-plain', '', photo)
      const voice = { fileName: 'voice-1.webm', fileType: 'video/webm', fileDuration: 4000 }
      put('old-voice', '', voice)
      // As an object that had applied every migration before this one starts again (the later
      // ones run again too: they are idempotent).
      sql.run(
        'DELETE FROM _migrations WHERE n >= ?',
        MIGRATIONS.lastIndexOf(backfillSearchText) + 1,
      )
      sql.migrate()
      const data = (id: string) =>
        JSON.parse(
          sql.one<{ data: string }>(
            "SELECT data FROM rows WHERE table_id = 'messages' AND id = ?",
            id,
          )!.data,
        )
      return {
        styled: data('old-styled'),
        plain: data('old-plain'),
        none: data('old-none'),
        doc: data('old-doc'),
        docRead: data('old-doc-read'),
        photo: data('old-photo'),
        photoPlain: data('old-photo-plain'),
        voice: data('old-voice'),
        applied: sql.one<{ n: number }>('SELECT max(n) AS n FROM _migrations')!.n,
        updated: sql.one<{ updated_at: string }>(
          "SELECT updated_at FROM rows WHERE id = 'old-styled'",
        )!.updated_at,
      }
    })
    expect(stored.styled).toMatchObject({
      message: 'see *you* at _eight_',
      searchText: 'see you at eight',
    })
    expect(stored.plain).not.toHaveProperty('searchText')
    expect(stored.none).not.toHaveProperty('searchText')
    expect(stored.doc).toMatchObject({ searchText: 'minutes.pdf' })
    expect(stored.docRead).toMatchObject({ searchText: 'minutes.pdf\nsee you' })
    // Seen or heard, not read by name: a photo's caption as read only, a recording nothing.
    expect(stored.photo).toMatchObject({ searchText: 'the view' })
    expect(stored.photoPlain).not.toHaveProperty('searchText')
    expect(stored.voice).not.toHaveProperty('searchText')
    expect(stored.applied).toBe(MIGRATIONS.length)
    // Not an edit: the row keeps its time.
    expect(stored.updated).toBe('2026-01-01T00:00:00.000+00:00')
  })
})

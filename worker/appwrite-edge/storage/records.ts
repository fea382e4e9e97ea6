import { readableSql } from '../auth/permissions'
import type { Sql } from '../db/sql'

/** A row of `files` (see db/migrations.ts). */
export type FileRecord = {
  seq: number
  bucket_id: string
  id: string
  name: string
  mime_type: string
  size: number
  signature: string
  chunks_total: number
  chunks_uploaded: number
  permissions: string
  created_at: string
  updated_at: string
  object_key: string
  upload_id: string | null
  state: 'uploading' | 'completing' | 'ready'
  /** Who started the upload (`user:ID` or `key`); null for guests and files from before. */
  uploader: string | null
}

// rowid is the insertion order: Appwrite's default list order ($sequence).
const SELECT = 'SELECT rowid AS seq, * FROM files'

export function findFile(sql: Sql, bucketId: string, fileId: string): FileRecord | undefined {
  return sql.one<FileRecord>(`${SELECT} WHERE bucket_id = ? AND id = ?`, bucketId, fileId)
}

/** A bucket's files in insertion order; with `readers`, only those granting read to one of them. */
export function filesOf(sql: Sql, bucketId: string, readers?: readonly string[]): FileRecord[] {
  const readable = readers ? readableSql('files.permissions', readers) : { sql: '1', params: [] }
  return sql.all<FileRecord>(
    `${SELECT} WHERE bucket_id = ? AND ${readable.sql} ORDER BY rowid`,
    bucketId,
    ...readable.params,
  )
}

export type NewFile = Omit<FileRecord, 'seq'>

/** Inserts unless the id is taken (a concurrent upload won); returns whether it inserted. */
export function insertFile(sql: Sql, f: NewFile): boolean {
  return (
    sql.run(
      `INSERT OR IGNORE INTO files (bucket_id, id, name, mime_type, size, signature, chunks_total,
         chunks_uploaded, permissions, created_at, updated_at, object_key, upload_id, state, uploader)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      f.bucket_id,
      f.id,
      f.name,
      f.mime_type,
      f.size,
      f.signature,
      f.chunks_total,
      f.chunks_uploaded,
      f.permissions,
      f.created_at,
      f.updated_at,
      f.object_key,
      f.upload_id,
      f.state,
      f.uploader,
    ) > 0
  )
}

export function deleteFileRecord(sql: Sql, bucketId: string, fileId: string): void {
  sql.run('DELETE FROM files WHERE bucket_id = ? AND id = ?', bucketId, fileId)
  sql.run('DELETE FROM file_parts WHERE bucket_id = ? AND file_id = ?', bucketId, fileId)
}

/** The file is complete and its bytes are in R2. */
export const isReady = (f: FileRecord) => f.state === 'ready'

import type { Caller } from '../auth/caller'
import { toHex } from '../auth/crypto'
import type { Edge } from '../context'
import { isoNow, uniqueId } from '../db/sql'
import { fail } from '../errors'
import { publishFile } from './events'
import { complete } from './upload-complete'
import { allowed, type Bucket } from './permissions'
import { findFile, insertFile, type FileRecord, type NewFile } from './records'
import type { Chunk, UploadInput } from './upload-input'

// A fresh key per upload, so deleting a file and re-using its id can never touch the new bytes.
const objectKey = (bucketId: string, fileId: string) => `${bucketId}/${fileId}/${uniqueId()}`

const uploaderOf = (caller: Caller) =>
  caller.kind === 'user' ? `user:${caller.user.id}` : caller.kind === 'key' ? 'key' : null

function newRecord(edge: Edge, bucket: Bucket, input: UploadInput, key: string): NewFile {
  const now = isoNow()
  return {
    bucket_id: bucket.id,
    id: input.fileId,
    name: input.name,
    mime_type: input.mimeType,
    size: input.size,
    signature: '',
    chunks_total: input.chunk?.total ?? 1,
    chunks_uploaded: 0,
    permissions: JSON.stringify(input.permissions),
    created_at: now,
    updated_at: now,
    object_key: key,
    upload_id: null,
    state: 'ready',
    uploader: uploaderOf(edge.caller),
  }
}

/** createFile: a whole file, or one chunk of a chunked upload. Returns the stored record. */
export async function upload(edge: Edge, bucket: Bucket, input: UploadInput): Promise<FileRecord> {
  if (input.chunk) return uploadChunk(edge, bucket, input, input.chunk)
  if (findFile(edge.sql, bucket.id, input.fileId)) fail('storage_file_already_exists')
  const bytes = await input.body.arrayBuffer()
  const key = objectKey(bucket.id, input.fileId)
  const record: NewFile = {
    ...newRecord(edge, bucket, input, key),
    signature: toHex(await crypto.subtle.digest('MD5', bytes)),
    chunks_uploaded: 1,
  }
  await edge.env.FILES.put(key, bytes, { httpMetadata: { contentType: input.mimeType } })
  // Another upload of the same id may have finished while this one awaited R2.
  if (!insertFile(edge.sql, record)) {
    edge.waitUntil(edge.env.FILES.delete(key))
    fail('storage_file_already_exists')
  }
  const file = findFile(edge.sql, bucket.id, input.fileId)!
  publishFile(edge, bucket, file, 'create')
  return file
}

/**
 * Only whoever started an upload (or the API key) adds chunks to it. Appwrite reads the file with
 * the caller's permissions, so to anyone who cannot read it the id is simply taken (409); a reader
 * is refused (401), where Appwrite would let one with update permission write into it. Checked
 * before the size, so a refusal does not reveal it.
 */
function mayContinue(edge: Edge, bucket: Bucket, file: FileRecord): void {
  if (edge.caller.kind === 'key') return
  if (file.uploader !== null && file.uploader === uploaderOf(edge.caller)) return
  if (!allowed(edge.caller, bucket, 'read', JSON.parse(file.permissions)))
    fail('storage_file_already_exists')
  fail('user_unauthorized')
}

/**
 * One chunk of a chunked upload, stored as a part of an R2 multipart upload. The first chunk to
 * arrive creates the record and the multipart upload; the chunk that brings the count to the
 * total completes it. SQLite calls are synchronous, so counting parts cannot interleave.
 */
async function uploadChunk(edge: Edge, bucket: Bucket, input: UploadInput, chunk: Chunk) {
  const { sql, env } = edge
  let file = findFile(sql, bucket.id, input.fileId)
  if (!file) {
    const key = objectKey(bucket.id, input.fileId)
    const mpu = await env.FILES.createMultipartUpload(key, {
      httpMetadata: { contentType: input.mimeType },
    })
    const record: NewFile = {
      ...newRecord(edge, bucket, input, key),
      upload_id: mpu.uploadId,
      state: 'uploading',
    }
    if (!insertFile(sql, record)) edge.waitUntil(mpu.abort())
    file = findFile(sql, bucket.id, input.fileId)
  }
  if (!file || file.state !== 'uploading' || !file.upload_id) fail('storage_file_already_exists')
  mayContinue(edge, bucket, file)
  if (file.size !== input.size) fail('storage_invalid_content_range')

  const mpu = env.FILES.resumeMultipartUpload(file.object_key, file.upload_id)
  const part = await mpu.uploadPart(chunk.part, await input.body.arrayBuffer())

  const current = findFile(sql, bucket.id, input.fileId)
  // Deleted, or replaced by another upload, while the part was in flight.
  if (!current || current.upload_id !== file.upload_id) fail('storage_file_not_found')
  if (current.state !== 'uploading') fail('storage_file_already_exists')
  sql.run(
    'INSERT OR REPLACE INTO file_parts (bucket_id, file_id, part, etag) VALUES (?, ?, ?, ?)',
    bucket.id,
    current.id,
    part.partNumber,
    part.etag,
  )
  const count = sql.one<{ n: number }>(
    'SELECT count(*) AS n FROM file_parts WHERE bucket_id = ? AND file_id = ?',
    bucket.id,
    current.id,
  )!.n
  const done = count >= current.chunks_total
  sql.run(
    'UPDATE files SET chunks_uploaded = ?, state = ?, updated_at = ? WHERE bucket_id = ? AND id = ?',
    count,
    done ? 'completing' : 'uploading',
    isoNow(),
    bucket.id,
    current.id,
  )
  if (done) return complete(edge, bucket, current)
  return findFile(sql, bucket.id, current.id)!
}

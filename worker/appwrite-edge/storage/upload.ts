import type { Edge } from '../context'
import { isoNow, uniqueId } from '../db/sql'
import { fail } from '../errors'
import { publishFile } from './events'
import type { Bucket } from './permissions'
import { deleteFileRecord, findFile, insertFile, type FileRecord, type NewFile } from './records'
import type { Chunk, UploadInput } from './upload-input'

const hex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('')

// A fresh key per upload, so deleting a file and re-using its id can never touch the new bytes.
const objectKey = (bucketId: string, fileId: string) => `${bucketId}/${fileId}/${uniqueId()}`

function newRecord(bucket: Bucket, input: UploadInput, key: string): NewFile {
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
  }
}

/** createFile: a whole file, or one chunk of a chunked upload. Returns the stored record. */
export async function upload(edge: Edge, bucket: Bucket, input: UploadInput): Promise<FileRecord> {
  if (input.chunk) return uploadChunk(edge, bucket, input, input.chunk)
  if (findFile(edge.sql, bucket.id, input.fileId)) fail('storage_file_already_exists')
  const bytes = await input.body.arrayBuffer()
  const key = objectKey(bucket.id, input.fileId)
  const record: NewFile = {
    ...newRecord(bucket, input, key),
    signature: hex(await crypto.subtle.digest('MD5', bytes)),
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
      ...newRecord(bucket, input, key),
      upload_id: mpu.uploadId,
      state: 'uploading',
    }
    if (!insertFile(sql, record)) edge.waitUntil(mpu.abort())
    file = findFile(sql, bucket.id, input.fileId)
  }
  if (!file || file.state !== 'uploading' || !file.upload_id) fail('storage_file_already_exists')
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

/** Joins the parts into one R2 object, then computes Appwrite's signature (md5 of the bytes). */
async function complete(edge: Edge, bucket: Bucket, file: FileRecord): Promise<FileRecord> {
  const { sql, env } = edge
  const parts = sql.all<{ part: number; etag: string }>(
    'SELECT part, etag FROM file_parts WHERE bucket_id = ? AND file_id = ? ORDER BY part',
    bucket.id,
    file.id,
  )
  const mpu = env.FILES.resumeMultipartUpload(file.object_key, file.upload_id!)
  let signature: string
  try {
    await mpu.complete(parts.map((p) => ({ partNumber: p.part, etag: p.etag })))
    const object = await env.FILES.get(file.object_key)
    if (!object) throw new Error('completed object is missing')
    const digest = new crypto.DigestStream('MD5')
    await object.body.pipeTo(digest)
    signature = hex(await digest.digest)
  } catch (err) {
    // Nothing to resume from: drop the upload so the client can start over under the same id.
    deleteFileRecord(sql, bucket.id, file.id)
    edge.waitUntil(mpu.abort().catch(() => env.FILES.delete(file.object_key)))
    throw err
  }
  const current = findFile(sql, bucket.id, file.id)
  if (!current || current.upload_id !== file.upload_id) {
    edge.waitUntil(env.FILES.delete(file.object_key))
    fail('storage_file_not_found')
  }
  sql.run(
    `UPDATE files SET state = 'ready', upload_id = NULL, signature = ?, updated_at = ?
     WHERE bucket_id = ? AND id = ?`,
    signature,
    isoNow(),
    bucket.id,
    file.id,
  )
  sql.run('DELETE FROM file_parts WHERE bucket_id = ? AND file_id = ?', bucket.id, file.id)
  const ready = findFile(sql, bucket.id, file.id)!
  publishFile(edge, bucket, ready, 'create')
  return ready
}

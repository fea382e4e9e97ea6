import { toHex } from '../auth/crypto'
import type { Edge } from '../context'
import { isoNow } from '../db/sql'
import { fail } from '../errors'
import { publishFile } from './events'
import type { Bucket } from './permissions'
import { deleteFileRecord, findFile, type FileRecord } from './records'

/** Joins the parts into one R2 object, then computes Appwrite's signature (md5 of the bytes). */
export async function complete(edge: Edge, bucket: Bucket, file: FileRecord): Promise<FileRecord> {
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
    signature = toHex(await digest.digest)
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

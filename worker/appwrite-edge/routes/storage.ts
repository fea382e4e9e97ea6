import { Hono } from 'hono'
import type { Edge, EdgeHono } from '../context'
import { isoNow } from '../db/sql'
import { fail } from '../errors'
import { fileModel } from '../models/file'
import { publishFile } from '../storage/events'
import { isImage } from '../storage/mime'
import { allowed, filePermissions, getBucket, type Bucket } from '../storage/permissions'
import { runQueries } from '../storage/queries'
import { deleteFileRecord, filesOf, findFile, isReady, type FileRecord } from '../storage/records'
import { serveFile } from '../storage/serve'
import { upload } from '../storage/upload'
import { uploadInput } from '../storage/upload-input'

/** A file the caller may read; anything else is "not found", so existence does not leak. */
function readable(edge: Edge, bucket: Bucket, fileId: string): FileRecord {
  const file = findFile(edge.sql, bucket.id, fileId)
  if (!file || !allowed(edge.caller, bucket, 'read', JSON.parse(file.permissions)))
    fail('storage_file_not_found')
  return file
}

/** A file the caller may update/delete: missing → 404, not permitted → 401 (as Appwrite). */
function writable(edge: Edge, bucket: Bucket, fileId: string, action: 'update' | 'delete') {
  const file = findFile(edge.sql, bucket.id, fileId)
  if (!file) fail('storage_file_not_found')
  if (!allowed(edge.caller, bucket, action, JSON.parse(file.permissions))) fail('user_unauthorized')
  return file
}

/** The bytes exist only once the last chunk has completed the upload. */
function complete(file: FileRecord): FileRecord {
  if (!isReady(file)) fail('storage_file_not_found')
  return file
}

/** `queries[0]=…&queries[1]=…` (SDK flatten) or repeated `queries[]`, in index order. */
function queriesOf(url: URL): string[] {
  return [...url.searchParams]
    .map(([k, v]) => ({ m: /^queries(?:\[(\d*)\])?$/.exec(k), v }))
    .filter((e) => e.m)
    .map((e, i) => ({ i: e.m![1] ? Number(e.m![1]) : i, v: e.v }))
    .sort((a, b) => a.i - b.i)
    .map((e) => e.v)
}

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text()
  if (!text.trim()) return {}
  try {
    const v: unknown = JSON.parse(text)
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // fall through
  }
  return fail('general_argument_invalid', 'Invalid JSON body.')
}

const storage = new Hono<EdgeHono>()
  .post('/buckets/:bucketId/files', async (c) => {
    const edge = c.var.edge
    const bucket = getBucket(c.req.param('bucketId'))
    if (!allowed(edge.caller, bucket, 'create')) fail('user_unauthorized')
    const file = await upload(edge, bucket, await uploadInput(edge, c.req.raw))
    return c.json(fileModel(file), 201)
  })
  .get('/buckets/:bucketId/files', (c) => {
    const edge = c.var.edge
    const bucket = getBucket(c.req.param('bucketId'))
    const url = new URL(c.req.url)
    const seesAll = allowed(edge.caller, bucket, 'read')
    if (!seesAll && !bucket.fileSecurity) fail('user_unauthorized')
    const search = url.searchParams.get('search') ?? ''
    if (search.length > 256)
      fail('general_argument_invalid', 'Invalid `search` param: Value must be a valid string.')
    const queries = queriesOf(url)
    if (search)
      queries.push(JSON.stringify({ method: 'search', attribute: 'name', values: [search] }))
    // Without the bucket's read, only files whose own permissions let the caller read (SQL).
    const items = filesOf(edge.sql, bucket.id, seesAll ? undefined : edge.caller.roles).map(
      (f) => ({ seq: f.seq, model: fileModel(f) }),
    )
    const { total, page } = runQueries(items, queries)
    const withTotal = url.searchParams.get('total') !== 'false'
    return c.json({ total: withTotal ? total : 0, files: page.map((it) => it.model) })
  })
  .get('/buckets/:bucketId/files/:fileId', (c) => {
    const bucket = getBucket(c.req.param('bucketId'))
    return c.json(fileModel(readable(c.var.edge, bucket, c.req.param('fileId'))))
  })
  .get('/buckets/:bucketId/files/:fileId/view', (c) => {
    const bucket = getBucket(c.req.param('bucketId'))
    const file = complete(readable(c.var.edge, bucket, c.req.param('fileId')))
    return serveFile(c.var.edge, file, c.req.raw, 'inline')
  })
  .get('/buckets/:bucketId/files/:fileId/download', (c) => {
    const bucket = getBucket(c.req.param('bucketId'))
    const file = complete(readable(c.var.edge, bucket, c.req.param('fileId')))
    return serveFile(c.var.edge, file, c.req.raw, 'attachment')
  })
  // No image processing here (workerd has no image codec): previews are the original image
  // (width, height, output… ignored); the SPA uploads its own WebP thumbnails instead.
  .get('/buckets/:bucketId/files/:fileId/preview', (c) => {
    const bucket = getBucket(c.req.param('bucketId'))
    const file = complete(readable(c.var.edge, bucket, c.req.param('fileId')))
    if (!isImage(file.mime_type)) fail('storage_file_type_unsupported')
    return serveFile(c.var.edge, file, c.req.raw, 'inline')
  })
  .put('/buckets/:bucketId/files/:fileId', async (c) => {
    const edge = c.var.edge
    const bucket = getBucket(c.req.param('bucketId'))
    const file = writable(edge, bucket, c.req.param('fileId'), 'update')
    const body = await jsonBody(c.req.raw)
    let name = file.name
    if (body.name !== undefined && body.name !== null && body.name !== '') {
      if (typeof body.name !== 'string' || body.name.length > 255)
        fail('general_argument_invalid', 'Invalid `name` param: Value must be a valid string.')
      name = body.name
    }
    const permissions =
      body.permissions === undefined || body.permissions === null
        ? file.permissions
        : JSON.stringify(filePermissions(body.permissions, edge.caller))
    edge.sql.run(
      'UPDATE files SET name = ?, permissions = ?, updated_at = ? WHERE bucket_id = ? AND id = ?',
      name,
      permissions,
      isoNow(),
      bucket.id,
      file.id,
    )
    const updated = findFile(edge.sql, bucket.id, file.id)!
    if (isReady(updated)) publishFile(edge, bucket, updated, 'update')
    return c.json(fileModel(updated))
  })
  .delete('/buckets/:bucketId/files/:fileId', async (c) => {
    const edge = c.var.edge
    const bucket = getBucket(c.req.param('bucketId'))
    const file = writable(edge, bucket, c.req.param('fileId'), 'delete')
    deleteFileRecord(edge.sql, bucket.id, file.id)
    if (file.upload_id)
      await edge.env.FILES.resumeMultipartUpload(file.object_key, file.upload_id)
        .abort()
        .catch(() => undefined)
    await edge.env.FILES.delete(file.object_key)
    if (isReady(file)) publishFile(edge, bucket, file, 'delete')
    return c.body(null, 204)
  })

export default storage

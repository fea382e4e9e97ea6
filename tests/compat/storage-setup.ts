import { createHash, randomBytes } from 'node:crypto'
import { Storage } from 'node-appwrite'
import { BUCKET_ID } from '../../shared/db-schema'
import { exampleVars } from '../../scripts/local-vars'
import { api, keyClient, type Auth } from './helpers/server-sdk'

// Shared pieces of the storage compat tests: the bucket, its size limit, byte helpers and the
// multipart request the SDKs send.
export const FILE_MAX_BYTES = Number(exampleVars().FILE_MAX_BYTES)
export const MiB = 1024 * 1024
export const BUCKET = BUCKET_ID

export const keyStorage = () => new Storage(keyClient())

export const sha256 = (b: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(b instanceof ArrayBuffer ? new Uint8Array(b) : b)
    .digest('hex')
export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex')
export const bytes = (n: number): Uint8Array<ArrayBuffer> => new Uint8Array(randomBytes(n))

export const filePath = (fileId: string, suffix = '') =>
  `/storage/buckets/${BUCKET}/files/${encodeURIComponent(fileId)}${suffix}`

/** One createFile request as the SDKs send it (multipart), optionally as a chunk. */
export function postFile(opts: {
  fileId: string
  data: Uint8Array<ArrayBuffer>
  name?: string
  type?: string
  range?: string
  uploadId?: string
  permissions?: string[]
  auth?: Auth
}): Promise<Response> {
  const form = new FormData()
  form.append('fileId', opts.fileId)
  form.append('file', new File([opts.data], opts.name ?? 'blob.bin', { type: opts.type ?? '' }))
  for (const p of opts.permissions ?? []) form.append('permissions[]', p)
  const headers: Record<string, string> = {}
  if (opts.range) headers['content-range'] = opts.range
  if (opts.uploadId) headers['x-appwrite-id'] = opts.uploadId
  return api(`/storage/buckets/${BUCKET}/files`, {
    method: 'POST',
    body: form,
    headers,
    auth: opts.auth ?? 'key',
  })
}

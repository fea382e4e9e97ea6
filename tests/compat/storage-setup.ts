import { createHash, randomBytes } from 'node:crypto'
import { Client, Storage } from 'node-appwrite'
import { inject } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { exampleVars } from '../../scripts/local-vars'

// Shared pieces of the storage compat tests: the server SDK with the API key, raw HTTP for the
// headers the SDKs hide, and byte helpers.
const vars = exampleVars()
export const PROJECT = vars.APPWRITE_PROJECT_ID
export const KEY = vars.EMBEDDED_API_KEY
export const FILE_MAX_BYTES = Number(vars.FILE_MAX_BYTES)
export const MiB = 1024 * 1024
export const BUCKET = BUCKET_ID

export const endpoint = () => `${inject('serverUrl')}/v1`

export function keyClient(): Client {
  return new Client().setEndpoint(endpoint()).setProject(PROJECT).setKey(KEY)
}
export const keyStorage = () => new Storage(keyClient())

export const sha256 = (b: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(b instanceof ArrayBuffer ? new Uint8Array(b) : b)
    .digest('hex')
export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex')
export const bytes = (n: number): Uint8Array<ArrayBuffer> => new Uint8Array(randomBytes(n))

export type Auth = 'key' | 'guest' | { session: string }

/** fetch against /v1 with the project header; `auth` adds the key or a session. */
export function api(path: string, init: RequestInit & { auth?: Auth } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('x-appwrite-project', PROJECT)
  if (init.auth === 'key') headers.set('x-appwrite-key', KEY)
  else if (init.auth && init.auth !== 'guest') headers.set('x-appwrite-session', init.auth.session)
  return fetch(`${endpoint()}${path}`, { ...init, headers })
}

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

import type { Edge } from '../context'
import { resolveId } from '../db/sql'
import { fail } from '../errors'
import { mimeTypeOf } from './mime'
import { filePermissions } from './permissions'

/** The SDKs' chunk size (Client.CHUNK_SIZE); R2 multipart parts must be equal and ≥ 5 MiB. */
export const CHUNK_SIZE = 5 * 1024 * 1024

export type Chunk = { part: number; total: number; start: number; end: number }

export type UploadInput = {
  fileId: string
  body: File
  name: string
  mimeType: string
  permissions: string[]
  /** The whole file's size (from Content-Range when chunked). */
  size: number
  /** Set for a chunk of a multi-chunk upload. */
  chunk?: Chunk
}

async function readForm(req: Request): Promise<FormData> {
  try {
    return await req.formData()
  } catch {
    // Appwrite reads `file` from the upload; a body without one is an empty file.
    fail('storage_file_empty')
  }
}

const RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/

/**
 * Parses createFile's multipart body and headers. Chunks must be the SDKs' 5 MiB slices aligned
 * on 5 MiB (the last one shorter), so any chunk names its part and the total by itself and parts
 * may arrive in any order. A chunked upload continues under X-Appwrite-Id.
 */
export async function uploadInput(edge: Edge, req: Request): Promise<UploadInput> {
  const form = await readForm(req)
  const rawId = form.get('fileId')
  if (typeof rawId !== 'string' || rawId === '')
    fail('general_argument_invalid', 'Param "fileId" is not optional.')
  let fileId = resolveId(rawId)
  if (!fileId)
    fail(
      'general_argument_invalid',
      "Invalid `fileId` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
    )
  const body = form.get('file')
  if (!(body instanceof File) || body.size === 0) fail('storage_file_empty')

  let size = body.size
  let chunk: Chunk | undefined
  const range = req.headers.get('content-range')
  if (range) {
    const m = RANGE.exec(range.trim())
    if (!m) fail('storage_invalid_content_range')
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])]
    const last = end === total - 1
    if (
      start > end ||
      end >= total ||
      end - start + 1 !== body.size ||
      start % CHUNK_SIZE !== 0 ||
      (!last && end - start + 1 !== CHUNK_SIZE)
    )
      fail('storage_invalid_content_range')
    size = total
    const chunks = Math.ceil(total / CHUNK_SIZE)
    if (chunks > 1) chunk = { part: start / CHUNK_SIZE + 1, total: chunks, start, end }
    const uploadId = req.headers.get('x-appwrite-id')
    if (uploadId !== null) {
      const id = uploadId === 'unique()' ? undefined : resolveId(uploadId)
      if (!id) fail('storage_invalid_appwrite_id')
      fileId = id
    }
  }
  if (size > edge.config.FILE_MAX_BYTES) fail('storage_invalid_file_size')

  const permissions = form.has('permissions[]')
    ? form.getAll('permissions[]')
    : form.has('permissions')
      ? form.getAll('permissions')
      : undefined
  const name = (body.name || 'file').slice(0, 255)
  return {
    fileId,
    body,
    name,
    mimeType: mimeTypeOf(body.type, name),
    permissions: filePermissions(permissions, edge.caller),
    size,
    chunk,
  }
}

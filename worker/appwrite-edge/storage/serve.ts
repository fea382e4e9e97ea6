import type { Edge } from '../context'
import { AppwriteException, errorResponse, fail } from '../errors'
import { isPassive } from './mime'
import type { FileRecord } from './records'

type Disposition = 'inline' | 'attachment'

/** `filename="…"` with an ASCII fallback and RFC 5987 `filename*` for anything else. */
function contentDisposition(kind: Disposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16)}`,
  )
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

type ByteRange = { offset: number; length: number }

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; undefined = whole file; null = unsatisfiable.
 * Multiple ranges are served as the whole file, which RFC 9110 allows.
 */
export function parseRange(header: string | null, size: number): ByteRange | undefined | null {
  if (!header) return undefined
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return header.includes(',') ? undefined : null
  if (m[1] === '') {
    const n = Math.min(Number(m[2]), size)
    return n > 0 ? { offset: size - n, length: n } : null
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  return start < size && start <= end ? { offset: start, length: end - start + 1 } : null
}

/**
 * The bytes of a file as Appwrite's view/download send them. Files of active types (HTML, SVG…)
 * are always attachments, and every response is sandboxed except PDFs (Chrome's viewer refuses a
 * sandboxed document), because these URLs share the SPA's origin.
 */
export async function serveFile(
  edge: Edge,
  file: FileRecord,
  req: Request,
  disposition: Disposition,
): Promise<Response> {
  const range = parseRange(req.headers.get('range'), file.size)
  const headers = new Headers({
    'content-type': file.mime_type,
    'content-disposition': contentDisposition(
      isPassive(file.mime_type) ? disposition : 'attachment',
      file.name,
    ),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=3888000',
    'accept-ranges': 'bytes',
  })
  if (file.mime_type !== 'application/pdf')
    headers.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  if (range === null) {
    headers.set('content-range', `bytes */${file.size}`)
    return errorResponse(
      new AppwriteException('storage_invalid_range'),
      Object.fromEntries([...headers].filter(([k]) => k === 'content-range')),
    )
  }
  const object = await edge.env.FILES.get(file.object_key, range ? { range } : undefined)
  if (!object) fail('storage_file_not_found')
  if (!range) {
    headers.set('content-length', String(file.size))
    return new Response(object.body, { status: 200, headers })
  }
  headers.set('content-length', String(range.length))
  headers.set(
    'content-range',
    `bytes ${range.offset}-${range.offset + range.length - 1}/${file.size}`,
  )
  return new Response(object.body, { status: 206, headers })
}

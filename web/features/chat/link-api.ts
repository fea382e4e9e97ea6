import { queryOptions } from '@tanstack/react-query'
import type { LinkPreview } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'
import { getJwt } from '../../lib/jwt'

// Previews come from the Worker, never from the linked site: the browser sends the URL to
// /api/link and gets back text and image bytes, so the site never sees the reader's IP.
const DAY = 24 * 60 * 60_000

export const linkPreviewQuery = (url: string) =>
  queryOptions({
    queryKey: ['link-preview', url],
    queryFn: () => apiPost<LinkPreview>('/link/preview', { url }, 'LinkPreview'),
    staleTime: DAY,
    gcTime: DAY,
    // A refused or unreachable link simply has no preview, also when its message is drawn again
    // (a room opened again, a row back in the window): asked again after a reload only.
    retry: false,
    retryOnMount: false,
  })

/** The preview image as an object URL; `<img>` cannot send the JWT the proxy asks for. */
export const linkImageQuery = (url: string) =>
  queryOptions({
    queryKey: ['link-image', url],
    queryFn: async () => {
      const res = await fetch('/api/link/image', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await getJwt()}` },
        body: JSON.stringify({ url }),
      })
      if (!res.ok) throw new Error(`image ${res.status}`)
      return URL.createObjectURL(await res.blob())
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
  })

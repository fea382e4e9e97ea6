import { queryOptions } from '@tanstack/react-query'
import { getJwt } from '../../lib/jwt'

// A GIF rendition's bytes come from the Worker (POST /api/gif/media), never from the GIF CDN, so
// the provider never sees either partner's address; `<img>` cannot send the JWT, hence a blob URL.
export const gifMediaQuery = (url: string) =>
  queryOptions({
    queryKey: ['gif-media', url],
    queryFn: async ({ signal }) => {
      const res = await fetch('/api/gif/media', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await getJwt()}` },
        body: JSON.stringify({ url }),
        signal,
      })
      if (!res.ok) throw new Error(`GIF ${res.status}`)
      return URL.createObjectURL(await res.blob())
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  })

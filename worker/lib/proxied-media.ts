/**
 * A cached third-party image as the browser gets it from our origin: private to the signed-in
 * caller, never sniffed into another type, and inert if opened as a page.
 */
export const proxiedMedia = (res: Response, fallbackType: string) =>
  new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? fallbackType,
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })

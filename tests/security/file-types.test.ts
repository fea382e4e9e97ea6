import { describe, expect, it } from 'vitest'
import { call, KEY } from './edge'

// File type confusion: /v1 shares the SPA's origin, so an uploaded HTML or SVG file served
// inline would run script as the app. Active types are always attachments, and every served
// file is sandboxed by its CSP and never sniffed.
const ACTIVE = [
  ['page.html', 'text/html', '<script>parent.document.title="pwned"</script>'],
  ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  ['photo.png', 'image/png', '<html><script>alert(1)</script></html>'], // a lie about its type
  ['page.xhtml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
] as const

describe('file type confusion', () => {
  it.each(ACTIVE)('%s is never served as an active inline document', async (name, type, text) => {
    const form = new FormData()
    const id = `conf-${crypto.randomUUID().slice(0, 8)}`
    form.set('fileId', id)
    form.set('file', new File([text], name, { type }))
    const made = await call('/v1/storage/buckets/files/files', {
      method: 'POST',
      headers: KEY,
      body: form,
    })
    expect(made.status).toBe(201)
    for (const route of ['view', 'download', 'preview']) {
      const res = await call(`/v1/storage/buckets/files/files/${id}/${route}`, { headers: KEY })
      // Previews are for images only: anything else is refused outright.
      if (route === 'preview' && res.status === 400) continue
      expect(res.status).toBe(200)
      const disposition = res.headers.get('content-disposition') ?? ''
      const served = res.headers.get('content-type') ?? ''
      if (/html|svg|xml/i.test(served) || /html|svg/.test(name))
        expect(disposition, `${route} ${name}`).toMatch(/^attachment/)
      expect(res.headers.get('content-security-policy'), route).toMatch(/sandbox/)
      expect(res.headers.get('x-content-type-options'), route).toBe('nosniff')
      await res.arrayBuffer()
    }
  })
})

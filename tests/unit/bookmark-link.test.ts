import { describe, expect, it } from 'vitest'
import { BOOKMARK_TEXTS, LinkBookmarkInput } from '../../shared/schemas/bookmark'

// "Save a link" (web/features/bookmarks/link-bookmark-form.tsx): an address as people type it.
describe('a link bookmark address', () => {
  const url = (typed: string) => {
    const r = LinkBookmarkInput.safeParse({ url: typed, title: 'T', note: '' })
    return r.success ? r.data.url : r.error.issues[0]!.message
  }

  it('gets https:// when typed without it, a port or // included', () => {
    expect(url(' example.org/page ')).toBe('https://example.org/page')
    expect(url('example.org:8080/x')).toBe('https://example.org:8080/x')
    expect(url('localhost:3000/x')).toBe('https://localhost:3000/x')
    expect(url('10.0.0.1/x')).toBe('https://10.0.0.1/x')
    expect(url('//example.org')).toBe('https://example.org')
    expect(url('http://example.org')).toBe('http://example.org')
  })

  it('refuses other schemes, no host, and more than 2048 characters once complete', () => {
    for (const typed of [
      'javascript:alert(1)',
      'mailto:a@b.org',
      'ftp://x.org',
      'example',
      '.',
      'a b',
    ])
      expect(url(typed), typed).toBe(BOOKMARK_TEXTS.urlInvalid)
    const long = `example.org/${'x'.repeat(2030)}`
    expect(long.length).toBeLessThan(2048)
    expect(url(long)).toBe(BOOKMARK_TEXTS.urlInvalid)
  })
})

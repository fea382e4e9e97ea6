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

describe('a link bookmark without a title', () => {
  const title = (url: string, typed = '') =>
    LinkBookmarkInput.parse({ url, title: typed, note: '' }).title

  it('is named by its address as read: host without www., path without its last slash', () => {
    expect(title('https://www.example.org/')).toBe('example.org')
    expect(title('example.org/guides/kites/')).toBe('example.org/guides/kites')
    expect(title('https://example.org/caf%C3%A9?q=1#top')).toBe('example.org/café')
    expect(title('https://example.org/%E0%A4%A')).toBe('example.org/%E0%A4%A')
    expect(title('localhost:3000/x')).toBe('localhost:3000/x')
    // A host in another script as typed, not as punycode; one typed in capitals is lowered.
    expect(title('https://例え.jp/パス')).toBe('例え.jp/パス')
    expect(title('https://user@Example.ORG:8080/A')).toBe('example.org:8080/A')
    expect(title(`https://example.org/${'x'.repeat(400)}`)).toHaveLength(256)
  })

  it('keeps a title typed, trimmed; only spaces count as none', () => {
    expect(title('example.org', '  Kites  ')).toBe('Kites')
    expect(title('example.org', '   ')).toBe('example.org')
  })
})

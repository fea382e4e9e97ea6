import { describe, expect, it } from 'vitest'
import { excerptLinks } from '../../web/features/bookmarks/excerpt-links'

// A saved message's words on the Bookmarks page: its links are links, as in the room, unless the
// excerpt cut one (its address is not whole).
describe('a saved message’s excerpt', () => {
  it('links its addresses', () => {
    expect(excerptLinks('See https://example.org/kites, and www.example.com')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/kites', href: 'https://example.org/kites' },
      { text: ', and ' },
      { text: 'www.example.com', href: 'https://www.example.com/' },
    ])
  })

  it('leaves an address the excerpt cut as text, and one before the cut a link', () => {
    const cut = `${'word '.repeat(58)}https://example.org/a-long-pa…`
    expect(excerptLinks(cut).some((p) => p.href)).toBe(false)
    expect(excerptLinks('https://example.org/ whole, then the words were cut…')[0]).toEqual({
      text: 'https://example.org/',
      href: 'https://example.org/',
    })
  })
})

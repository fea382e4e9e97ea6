import { describe, expect, it } from 'vitest'
import { firstLink, linkify, safeHref } from '../../shared/linkify'

describe('linkify', () => {
  it('splits text into runs and http(s) links', () => {
    expect(linkify('see https://example.com/a?b=1 and http://x.org')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ' and ' },
      { text: 'http://x.org', href: 'http://x.org/' },
    ])
  })

  it('leaves sentence punctuation and unmatched brackets outside the link', () => {
    expect(linkify('(look at https://example.com/x).')).toEqual([
      { text: '(look at ' },
      { text: 'https://example.com/x', href: 'https://example.com/x' },
      { text: ').' },
    ])
    const wiki = 'https://en.wikipedia.org/wiki/Foo_(bar)'
    expect(linkify(`${wiki}, ok`)[0]).toEqual({ text: wiki, href: wiki })
  })

  it('never links other schemes', () => {
    for (const t of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://x.org/f'])
      expect(linkify(t), t).toEqual([{ text: t }])
    expect(safeHref('javascript:alert(1)')).toBeUndefined()
  })

  it('links a "www." address written without its scheme, to https', () => {
    expect(linkify('see www.example.org/a, then')).toEqual([
      { text: 'see ' },
      { text: 'www.example.org/a', href: 'https://www.example.org/a' },
      { text: ', then' },
    ])
    expect(firstLink('WWW.Example.org')).toBe('https://www.example.org/')
    // Not a site, or not on its own: a word, part of an address, a host or a path.
    for (const t of [
      'www.',
      'www.x',
      'ada@www.x.org',
      'mail.www.x.org',
      'a/www.x.org',
      'awww.x.org',
    ])
      expect(linkify(t), t).toEqual([{ text: t }])
  })

  it('keeps markup-like text as plain text', () => {
    expect(linkify('<img src=x onerror=alert(1)>')).toEqual([
      { text: '<img src=x onerror=alert(1)>' },
    ])
  })

  it('names the first link for the preview', () => {
    expect(firstLink('a https://one.example/1 b https://two.example/')).toBe(
      'https://one.example/1',
    )
    expect(firstLink('no links here')).toBeUndefined()
  })
})

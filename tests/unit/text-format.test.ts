import { describe, expect, it } from 'vitest'
import { clip, composerPlaceholder, formatText, plainText } from '../../shared/text-format'

describe('formatText (WhatsApp-style formatting)', () => {
  it('bold, italic, strikethrough and code, markers gone', () => {
    expect(formatText('a *b* _c_ ~d~ `e`')).toEqual([
      { text: 'a ' },
      { text: 'b', bold: true },
      { text: ' ' },
      { text: 'c', italic: true },
      { text: ' ' },
      { text: 'd', strike: true },
      { text: ' ' },
      { text: 'e', code: 'inline' },
    ])
  })

  it('nests different markers, and styles a link inside one', () => {
    expect(formatText('*_both_* and _see https://example.com/a_b_')).toEqual([
      { text: 'both', bold: true, italic: true },
      { text: ' and ' },
      { text: 'see ', italic: true },
      { text: 'https://example.com/a_b', href: 'https://example.com/a_b', italic: true },
    ])
  })

  it('leaves markers inside words, addresses and arithmetic alone', () => {
    for (const text of [
      'snake_case_name',
      '2*3*4 = 24',
      'a * b * c',
      'https://example.com/a_b_c',
      'mail me_at home_',
      '**',
      '*unclosed',
      '_ spaced _',
      'over *two\nlines*',
    ])
      expect(plainText(text), text).toBe(text)
  })

  it('takes sentence punctuation and brackets around a span', () => {
    expect(formatText('(*yes*), "_no_"!')).toEqual([
      { text: '(' },
      { text: 'yes', bold: true },
      { text: '), "' },
      { text: 'no', italic: true },
      { text: '"!' },
    ])
  })

  it('keeps code verbatim: no styles or links inside, a fenced block on lines of its own', () => {
    expect(formatText('run `*not bold* https://x.org`')).toEqual([
      { text: 'run ' },
      { text: '*not bold* https://x.org', code: 'inline' },
    ])
    expect(formatText('look:\n```\nconst a = *b*\n  indent\n```\nok')).toEqual([
      { text: 'look:\n' },
      { text: 'const a = *b*\n  indent', code: 'block' },
      // The line end after the closing fence is the block's: no blank line under it.
      { text: 'ok' },
    ])
    expect(plainText('look:\n```\nx\n```\nok')).toBe('look:\nx\nok')
    expect(formatText('```one line```')).toEqual([{ text: 'one line', code: 'inline' }])
    // Empty fences, empty or blank code and a lone backtick are text.
    for (const text of ['``````', '``', '` `', 'it`s']) expect(plainText(text), text).toBe(text)
  })

  it('joins back to the text without its markers, and plain text is one run', () => {
    expect(plainText('*Hi* _there_, ~old~ `new`')).toBe('Hi there, old new')
    expect(formatText('just words')).toEqual([{ text: 'just words' }])
    expect(formatText('')).toEqual([])
  })
})

describe('clip (bookmark excerpts, notification bodies)', () => {
  it('keeps a short text, cuts a long one to its length with an ellipsis, never half an emoji', () => {
    expect(clip('Tea at five?', 12)).toBe('Tea at five?')
    expect(clip('Tea at five?', 8)).toBe('Tea at …')
    // '🍅' is two UTF-16 units: a cut through it drops the whole emoji.
    expect(clip('ab🍅cd', 4)).toBe('ab…')
    expect(clip('ab🍅cd', 5)).toBe('ab🍅…')
  })
})

describe("composerPlaceholder (a textarea's placeholder takes no ellipsis)", () => {
  it('names a room whole, or cut after a whole word to fit a phone', () => {
    expect(composerPlaceholder('Garden')).toBe('Message Garden')
    expect(composerPlaceholder('Holiday plans 2027')).toBe('Message Holiday plans 2027')
    expect(composerPlaceholder('Planning the extraordinarily long summer holidays')).toBe(
      'Message Planning the…',
    )
    // One long word: cut within it.
    expect(composerPlaceholder('Supercalifragilisticexpialidocious')).toBe(
      'Message Supercalifragilis…',
    )
  })
})

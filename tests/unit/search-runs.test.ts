import { describe, expect, it } from 'vitest'
import { readAs, formatText, searchTextOf } from '../../shared/text-format'
import { matchesSearch, searchHits, searchRuns } from '../../web/features/chat/display-item'

const marked = (text: string, term: string) =>
  searchRuns(text, searchHits(text, term))
    .map((r) => (r.hit ? `[${r.text}]` : r.text))
    .join('')

describe('searchRuns: the matches a search result marks', () => {
  it('marks every match in the text’s own case, and keeps the text whole', () => {
    expect(marked('Needle, needle, NEEDLE!', 'needle')).toBe('[Needle], [needle], [NEEDLE]!')
    expect(marked('a needle in the hay', '  Hay ')).toBe('a needle in the [hay]')
    for (const text of ['aaaa', 'xaax', 'Hello'])
      expect(
        searchRuns(text, searchHits(text, 'aa'))
          .map((r) => r.text)
          .join(''),
      ).toBe(text)
  })

  it('never overlaps, and marks nothing for an empty term or no match', () => {
    expect(marked('aaaa', 'aa')).toBe('[aa][aa]')
    expect(marked('aaa', 'aa')).toBe('[aa]a')
    expect(marked('nothing here', 'zzz')).toBe('nothing here')
    expect(marked('text', '   ')).toBe('text')
  })

  it('marks only what matchesSearch matched', () => {
    for (const [text, term] of [
      ['The needle', 'NEEDLE'],
      ['Straße', 'STRASSE'],
      ['ÉCOLE', 'école'],
    ] as const)
      expect(searchHits(text, term).length > 0).toBe(
        matchesSearch({ text } as Parameters<typeof matchesSearch>[0], term),
      )
  })

  it('leaves a text whose lowercase changes its length unmarked rather than marked wrong', () => {
    // 'İ' lowercases to two code units: indexes in the lowercase would be off by one after it.
    expect(marked('İstanbul needle', 'needle')).toBe('İstanbul needle')
  })

  it('finds and marks a message as read: a match across formatting markers and styled runs', () => {
    const text = 'see *you* at _eight_, ok?'
    const item = (t: string) => ({ text: t }) as Parameters<typeof matchesSearch>[0]
    expect(matchesSearch(item(text), 'you at eight')).toBe(true)
    expect(matchesSearch(item(text), '*you*')).toBe(false)
    // Each styled run marks its share of the one match, as MessageText draws it.
    const parts = formatText(text)
    const read = readAs(parts)
    expect(read.text).toBe('see you at eight, ok?')
    const hits = searchHits(read.text, 'YOU AT EIGHT')
    const drawn = parts
      .map((p, i) =>
        searchRuns(p.text, hits, read.starts[i])
          .map((r) => (r.hit ? `[${r.text}]` : r.text))
          .join(''),
      )
      .join('|')
    expect(drawn).toBe('see |[you]|[ at ]|[eight]|, ok?')
  })

  it('stores the text as read only where the markers make it differ', () => {
    expect(searchTextOf('plain words, 2*3*4 and snake_case')).toBeNull()
    expect(searchTextOf('*see* you')).toBe('see you')
    expect(searchTextOf('look:\n```\nx\n```\nok')).toBe('look:\nx\nok')
  })
})

import { describe, expect, it } from 'vitest'
import { matchesSearch, searchRuns } from '../../web/features/chat/display-item'

const marked = (text: string, term: string) =>
  searchRuns(text, term)
    .map((r) => (r.hit ? `[${r.text}]` : r.text))
    .join('')

describe('searchRuns: the matches a search result marks', () => {
  it('marks every match in the text’s own case, and keeps the text whole', () => {
    expect(marked('Needle, needle, NEEDLE!', 'needle')).toBe('[Needle], [needle], [NEEDLE]!')
    expect(marked('a needle in the hay', '  Hay ')).toBe('a needle in the [hay]')
    for (const text of ['aaaa', 'xaax', 'Hello'])
      expect(
        searchRuns(text, 'aa')
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
      expect(searchRuns(text, term).some((r) => r.hit)).toBe(
        matchesSearch({ text } as Parameters<typeof matchesSearch>[0], term),
      )
  })

  it('leaves a text whose lowercase changes its length unmarked rather than marked wrong', () => {
    // 'İ' lowercases to two code units: indexes in the lowercase would be off by one after it.
    expect(marked('İstanbul needle', 'needle')).toBe('İstanbul needle')
  })
})

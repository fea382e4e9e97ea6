import { describe, expect, it } from 'vitest'
import { MESSAGE_MAX_LENGTH } from '../../shared/constants'
import { mediaKind, shownFileName } from '../../shared/media-box'
import { attachmentLabel } from '../../web/features/chat/attachment-format'
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
    // A notice is the app's, not what was said: never a match.
    const notice = { text: 'Ben Franklin verified their email', kind: 'system' } as const
    expect(matchesSearch(notice as Parameters<typeof matchesSearch>[0], 'Ben')).toBe(false)
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

  it('stores and matches the name of a file shown by name, not of one seen or heard', () => {
    const pdf = { type: 'application/pdf', name: 'Minutes of May.pdf', duration: null }
    expect(searchTextOf('', pdf.name)).toBe('Minutes of May.pdf')
    expect(searchTextOf('plain', pdf.name)).toBe('Minutes of May.pdf')
    expect(searchTextOf('*see* you', pdf.name)).toBe('Minutes of May.pdf\nsee you')
    // Within the column's size: a long formatted caption loses its end, never the name.
    const long = searchTextOf(`*${'a'.repeat(MESSAGE_MAX_LENGTH - 2)}*`, pdf.name)!
    expect(long).toHaveLength(MESSAGE_MAX_LENGTH)
    expect(long.startsWith('Minutes of May.pdf\naaa')).toBe(true)

    expect(shownFileName(pdf.type, pdf.name)).toBe(pdf.name)
    expect(shownFileName('image/svg+xml', 'logo.svg')).toBe('logo.svg')
    expect(shownFileName('video/quicktime', 'clip.mov')).toBe('clip.mov')
    expect(shownFileName('image/png', 'image.png')).toBeNull()
    expect(shownFileName('video/mp4', 'clip.mp4')).toBeNull()
    expect(shownFileName('audio/mpeg', 'song.mp3')).toBeNull()
    expect(shownFileName('video/webm', 'voice.webm', 4000)).toBeNull()
    // What each is to its reader: the one answer the labels, words and search names build on.
    expect(
      [
        ['video/webm', 4000],
        ['audio/mpeg', null],
        ['image/gif', null],
        ['video/mp4', null],
        ['image/svg+xml', null],
      ].map(([type, ms]) => mediaKind(type as string, ms as number | null)),
    ).toEqual(['voice', 'audio', 'photo', 'video', 'file'])
    // The room's own spelling of the same tests agrees with it, case by case.
    const types = ['image/png', 'image/svg+xml', 'video/mp4', 'video/webm', 'video/quicktime']
    for (const type of [...types, 'audio/mpeg', 'application/pdf', 'text/plain', ''])
      for (const duration of [null, 4000]) {
        const kind = mediaKind(type, duration)
        const a = {
          fileId: 'f',
          name: 'n.bin',
          type,
          size: 1,
          width: null,
          height: null,
          duration,
          waveform: null,
        }
        expect(shownFileName(type || 'x', 'n.bin', duration), `${type} ${duration}`).toBe(
          mediaKind(type || 'x', duration) === 'file' ? 'n.bin' : null,
        )
        const label = { voice: 'Voice message', photo: 'Photo', video: 'Video' } as Record<
          string,
          string
        >
        expect(attachmentLabel(a), `${type} ${duration}`).toBe(label[kind] ?? 'n.bin')
        expect(attachmentLabel(a, true)).toBe(kind === 'voice' ? 'Voice message' : 'n.bin')
      }

    const item = (attachment: unknown) =>
      ({ text: 'the _notes_', attachment }) as Parameters<typeof matchesSearch>[0]
    expect(matchesSearch(item(pdf), 'of may')).toBe(true)
    expect(matchesSearch(item(pdf), 'the notes')).toBe(true)
    expect(matchesSearch(item({ ...pdf, type: 'image/png' }), 'of may')).toBe(false)
    expect(matchesSearch(item(null), 'of may')).toBe(false)
  })
})

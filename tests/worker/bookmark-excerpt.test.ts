import { describe, expect, it } from 'vitest'
import { EXCERPT_LENGTH } from '../../shared/bookmark-texts'
import { rowExcerpt } from '../../worker/services/bookmark-excerpts'

// What an edit writes into a message's bookmarks (worker/services/bookmark-excerpts.ts) is what
// the SPA saves for the same message (save-message.ts): its text as read, else its file's label.
// The whole edit, with the bookmark reworded before the answer: tests/e2e/bookmarks.e2e.test.ts.
const none = { fileName: null, fileType: null, fileDuration: null, gifUrl: null }

describe('a bookmark excerpt after an edit', () => {
  it('is the text as read, markers gone, cut to the column', () => {
    expect(rowExcerpt('see *you* at _eight_', none)).toBe('see you at eight')
    expect(rowExcerpt('snake_case stays', none)).toBe('snake_case stays')
    const long = rowExcerpt('a'.repeat(EXCERPT_LENGTH + 20), none)
    expect(long).toHaveLength(EXCERPT_LENGTH)
    expect(long.endsWith('…')).toBe(true)
  })

  it('without a caption, names the file as the room does (attachment-format.ts attachmentLabel)', () => {
    const files = [
      ['view.png', 'image/png', null, 'Photo'],
      ['clip.mp4', 'video/mp4', null, 'Video'],
      ['voice-1.webm', 'audio/webm', 4000, 'Voice message'],
      ['minutes_final.pdf', 'application/pdf', null, 'minutes_final.pdf'],
    ] as const
    for (const [fileName, fileType, fileDuration, label] of files)
      expect(rowExcerpt('', { ...none, fileName, fileType, fileDuration }), fileName).toBe(label)
    expect(rowExcerpt('', { ...none, gifUrl: 'https://media.example/x.gif' })).toBe('GIF')
  })
})

import { describe, expect, it } from 'vitest'
import { isEmojiOnly, isOneEmoji } from '../../shared/emoji'

describe('isEmojiOnly', () => {
  it('takes one to three emoji, spaces aside, joined sequences and flags as one each', () => {
    for (const text of ['👍', ' 🎉 ', '😀😀😀', '👩‍👩‍👧 🇫🇷', '❤️', '👍🏽', '1️⃣', '™️'])
      expect(isEmojiOnly(text), text).toBe(true)
  })

  it('refuses four or more, any letter or digit, and an empty text', () => {
    for (const text of ['😀😀😀😀', '👍 ok', 'ok', '1', '12', '', '   ', '😀!', '™', '©', '↔', '❤'])
      expect(isEmojiOnly(text), text).toBe(false)
  })
})

describe('isOneEmoji (a reaction)', () => {
  it('is one grapheme that is an emoji', () => {
    expect(isOneEmoji('👩‍👩‍👧')).toBe(true)
    expect(isOneEmoji('👍👍')).toBe(false)
    expect(isOneEmoji('a')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { emojiNamesSource, NAMES_FILE } from '../../scripts/emoji-names'
import { readFileSync } from 'node:fs'
import { EMOJI_GROUPS } from '../../web/features/emoji/emoji-set'
import { EMOJI_NAMES } from '../../web/features/emoji/emoji-names.gen'
import { nameOf, searchEmoji } from '../../web/features/emoji/emoji-search'

const ALL = EMOJI_GROUPS.flatMap((g) => g.emoji)
const find = (q: string) => searchEmoji(EMOJI_NAMES, ALL, q)

describe('the emoji panel search', () => {
  it('names every emoji of the panel, and its file is what the generator writes', async () => {
    for (const e of ALL) expect(nameOf(EMOJI_NAMES, e), e).toMatch(/^\S/)
    expect(readFileSync(NAMES_FILE, 'utf8')).toBe(await emojiNamesSource())
  })

  it("finds by the name's words and by CLDR's keywords, name matches first", () => {
    expect(nameOf(EMOJI_NAMES, '😂')).toBe('face with tears of joy')
    expect(find('tears jo')).toEqual(['😂', '😹'])
    expect(find('lol')).toContain('😂')
    // Those named with the word first, then those only tagged with it.
    const hearts = find('heart')
    const named = hearts.findIndex((e) => !nameOf(EMOJI_NAMES, e)!.includes('heart'))
    expect(named).toBeGreaterThan(5)
    expect(hearts.slice(named).every((e) => !nameOf(EMOJI_NAMES, e)!.includes('heart'))).toBe(true)
  })

  it("puts a shortcode typed whole first, as Slack's and GitHub's pickers do", () => {
    expect(find('heart')[0]).toBe('❤️')
    expect(find('smile')[0]).toBe('😄')
    expect(find('+1')[0]).toBe('👍')
    expect(find(':joy:')[0]).toBe('😂')
    expect(find('thumbs up')[0]).toBe('👍')
    // Then names with the whole word ("cat with wry smile") before keywords.
    expect(find('smile')[1]).toBe('😼')
    expect(find('thumbs').slice(0, 2)).toEqual(['👍', '👎'])
    // Every word must start a word of the emoji's: "cat face" is not "face" alone.
    expect(find('cat face').every((e) => /cat/.test(EMOJI_NAMES[e]!))).toBe(true)
    expect(find('Pizza')).toEqual(['🍕'])
  })

  it('finds nothing for nothing typed, or for words no emoji has', () => {
    expect(find('')).toEqual([])
    expect(find('   ')).toEqual([])
    expect(find('zzzqx')).toEqual([])
  })

  it('lists an emoji once, however many groups hold it', () => {
    const twice = searchEmoji({ a: 'apple|fruit' }, ['a', 'a'], 'app')
    expect(twice).toEqual(['a'])
  })
})

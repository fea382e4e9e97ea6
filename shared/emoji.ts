// Emoji recognised the same way by the Worker (reactions' check, the drawn room) and the SPA.
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\p{Regional_Indicator}/u
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const graphemes = (s: string) => [...segmenter.segment(s)].map((g) => g.segment)

/** One emoji (a grapheme with a pictographic or emoji-presentation character), not free text. */
export const isOneEmoji = (s: string) => graphemes(s).length === 1 && EMOJI.test(s)

// Drawn as a picture: emoji presentation by default, a flag, a keycap, or a pictograph asked for
// as one with VS16 ("❤️"). Not "™", "©" or "↔" alone, which are pictographs drawn as text.
const PICTURE = /\p{Emoji_Presentation}|\p{Regional_Indicator}|\u20E3/u
const isPicture = (g: string) => PICTURE.test(g) || (g.includes('\uFE0F') && EMOJI.test(g))

/** A message of one to three emoji and nothing else but spaces: shown large, as messengers do. */
export function isEmojiOnly(text: string): boolean {
  const all = graphemes(text.replace(/\s+/gu, ''))
  return all.length > 0 && all.length <= 3 && all.every(isPicture)
}

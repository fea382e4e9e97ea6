type Names = Record<string, string>

/** An emoji's name (CLDR's, emoji-names.gen.ts), for its tooltip. */
export const nameOf = (names: Names | undefined, emoji: string) => names?.[emoji]?.split('|')[0]

const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean)

/**
 * The emoji for what was typed, best first, each rank in the panel's order: a shortcode typed
 * whole ("heart" ❤️, "smile" 😄, "+1" 👍, with or without its colons, spaces for underscores),
 * then names holding every word typed, names with a word starting each, shortcodes starting with
 * it, and last the keywords ("lol"). As Slack's and GitHub's pickers rank them.
 */
export function searchEmoji(names: Names, emoji: readonly string[], query: string): string[] {
  const typed = wordsOf(query)
  if (!typed.length) return []
  const code = typed.join('_').replace(/^:|:$/g, '')
  const every = (words: string[], hit: (t: string, w: string) => boolean) =>
    typed.every((t) => words.some((w) => hit(t, w)))
  const whole = (t: string, w: string) => t === w
  const start = (t: string, w: string) => w.startsWith(t)
  const ranks: string[][] = [[], [], [], [], []]
  for (const e of new Set(emoji)) {
    const [name = '', codes = '', rest = ''] = (names[e] ?? '').split('|')
    const own = wordsOf(name)
    const shortcodes = wordsOf(codes)
    const rank = shortcodes.includes(code)
      ? 0
      : every(own, whole)
        ? 1
        : every(own, start)
          ? 2
          : shortcodes.some((c) => c.startsWith(code))
            ? 3
            : every([...own, ...wordsOf(rest)], start)
              ? 4
              : -1
    if (rank >= 0) ranks[rank]!.push(e)
  }
  return ranks.flat()
}

type Names = Record<string, string>

/** An emoji's name (CLDR's, emoji-names.gen.ts), for its tooltip. */
export const nameOf = (names: Names | undefined, emoji: string) => names?.[emoji]?.split('|')[0]

/**
 * The emoji whose name or search words begin with every word typed ("tears jo" finds 😂 and 😹), those
 * matched by their name first, each in the panel's order.
 */
export function searchEmoji(names: Names, emoji: readonly string[], query: string): string[] {
  const typed = query.toLowerCase().split(/\s+/).filter(Boolean)
  const hits = (text: string) => {
    const own = text.toLowerCase().split(/\s+/)
    return typed.length > 0 && typed.every((t) => own.some((w) => w.startsWith(t)))
  }
  const byName: string[] = []
  const byWord: string[] = []
  for (const e of new Set(emoji)) {
    const [name = '', words = ''] = (names[e] ?? '').split('|')
    if (hits(name)) byName.push(e)
    else if (hits(`${name} ${words}`)) byWord.push(e)
  }
  return [...byName, ...byWord]
}

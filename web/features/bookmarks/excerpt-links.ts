import { linkify, type TextPart } from '../../../shared/linkify'

/**
 * A saved message's excerpt in runs, its addresses linked as the room links them, but for one the
 * excerpt cut (it keeps a message's first 300 characters, then "…"): its address is not whole.
 */
export function excerptLinks(text: string): TextPart[] {
  const parts = linkify(text)
  const last = parts.at(-1)
  if (last?.href && text.endsWith('…')) parts[parts.length - 1] = { text: last.text }
  return parts
}

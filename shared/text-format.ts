import { linkify, type TextPart } from './linkify'
import { MESSAGE_MAX_LENGTH } from './constants'
import { shownFileName } from './media-box'

// Message formatting as WhatsApp writes it: *bold*, _italic_, ~strikethrough~, `code` and
// ```code blocks```. Shared: the SPA's rows and the Worker's drawn room render the same runs, and
// nothing here builds HTML (each renderer escapes every run).

export type Style = { bold?: true; italic?: true; strike?: true }
/** A run of text with its styles; `code` runs are verbatim (no links, no styles inside). */
export type FormattedPart = TextPart & Style & { code?: 'inline' | 'block' }

const FENCE = /```([\s\S]*?)```/g
const INLINE_CODE = /`([^`\n]+)`/g
const MARKERS = { '*': 'bold', _: 'italic', '~': 'strike' } as const
type Marker = keyof typeof MARKERS
// What may stand just outside a marker: a space, a bracket or quote, sentence punctuation, or
// another marker ("*_both_*"). A marker inside a word ("snake_case", "2*3*4") is a character.
const BEFORE = /[\s([{"'«“‘\-*_~]/u
const AFTER = /[\s)\]}"'»”’.,;:!?\-*_~]/u

const isMarker = (c: string | undefined): c is Marker => c === '*' || c === '_' || c === '~'

/** Where the first well-formed `marker…marker` span after `from` closes, if it does. */
function closing(text: string, open: number, links: [number, number][]): number {
  const m = text[open] as Marker
  for (let i = open + 2; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') return -1
    if (c !== m || /\s/.test(text[i - 1]!) || inLink(i, links)) continue
    if (i + 1 === text.length || AFTER.test(text[i + 1]!)) return i
  }
  return -1
}

const inLink = (i: number, links: [number, number][]) => links.some(([a, b]) => i >= a && i < b)

/** Link ranges of `text`: a marker inside an address is part of it ("a.com/x_y_z"). */
function linkRanges(text: string): [number, number][] {
  const ranges: [number, number][] = []
  let at = 0
  for (const p of linkify(text)) {
    if (p.href) ranges.push([at, at + p.text.length])
    at += p.text.length
  }
  return ranges
}

/** Styled runs of text without code: emphasis spans, recursively, then links in what is left. */
function emphasis(text: string, style: Style, out: FormattedPart[]) {
  const links = linkRanges(text)
  let plainFrom = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (!isMarker(c) || style[MARKERS[c]] || inLink(i, links)) continue
    if (i > 0 && !BEFORE.test(text[i - 1]!)) continue
    const next = text[i + 1]
    if (next === undefined || /\s/.test(next) || next === c) continue
    const end = closing(text, i, links)
    if (end < 0) continue
    plain(text.slice(plainFrom, i), style, out)
    emphasis(text.slice(i + 1, end), { ...style, [MARKERS[c]]: true }, out)
    plainFrom = end + 1
    i = end
  }
  plain(text.slice(plainFrom), style, out)
}

function plain(text: string, style: Style, out: FormattedPart[]) {
  if (text) for (const p of linkify(text)) out.push({ ...p, ...style })
}

/** Splits `text` on a code pattern: verbatim runs for the matches, `rest` for what is between. */
function splitCode(
  text: string,
  re: RegExp,
  code: (body: string) => FormattedPart,
  rest: (text: string) => void,
  out: FormattedPart[],
) {
  let at = 0
  for (const m of text.matchAll(re)) {
    if (!m[1]!.trim()) continue
    rest(text.slice(at, m.index))
    out.push(code(m[1]!))
    at = m.index + m[0].length
  }
  rest(text.slice(at))
}

/** A message's text as formatted runs; joined, their texts are the text without its markers. */
export function formatText(text: string): FormattedPart[] {
  const out: FormattedPart[] = []
  let afterBlock = false
  const inline = (t: string) => {
    // A block is a line of its own: the line end after its closing fence is the fence's.
    const rest = afterBlock ? t.replace(/^\n/, '') : t
    splitCode(
      rest,
      INLINE_CODE,
      (c) => ({ text: c, code: 'inline' }),
      (r) => emphasis(r, {}, out),
      out,
    )
  }
  splitCode(
    text,
    FENCE,
    (c) => {
      afterBlock = c.includes('\n')
      // The newlines next to the fences are the fences' own.
      return {
        text: c.replace(/^\n/, '').replace(/\n$/, ''),
        code: afterBlock ? 'block' : 'inline',
      }
    },
    (t) => {
      inline(t)
      afterBlock = false
    },
    out,
  )
  return out
}

/**
 * The parts as read, markers gone (a block stays a line of its own), and where each part starts
 * in that text: a search matches it, and marks a match across the parts it spans.
 */
export function readAs(parts: FormattedPart[]): { text: string; starts: number[] } {
  let text = ''
  const starts = parts.map((p, i) => {
    const at = text.length
    text += p.code === 'block' && i < parts.length - 1 ? `${p.text}\n` : p.text
    return at
  })
  return { text, starts }
}

/** `text` cut to `max` characters, the last an ellipsis; never half of a surrogate pair. */
export function clip(text: string, max: number) {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`
}

/**
 * The composer's placeholder for a room: a textarea's placeholder takes no ellipsis of its own,
 * so a long name is cut, after a whole word when one ends past half of it, to fit a phone's box.
 */
export function composerPlaceholder(room: string) {
  const cut = clip(room, 18)
  const space = cut === room ? -1 : cut.lastIndexOf(' ')
  return `Message ${space > 9 ? `${cut.slice(0, space)}…` : cut}`
}

/** The text as read: reply quotes, notifications, search. */
export const plainText = (text: string) => readAs(formatText(text)).text

/** The characters of formatting markers: a text without any reads as typed (backfills look for them). */
export const FORMAT_MARKERS = '*_~`'
const MARKED = new RegExp(`[${FORMAT_MARKERS}]`)

/**
 * What a message's `searchText` column holds (shared/db-schema.ts), the search's words that its
 * text as typed lacks: the name of a file it shows by name (media-box.ts shownFileName), then its
 * text as read when that differs, so the server's search finds "report.pdf", and "see you" in
 * "*see* you". Null when there are none. Cut to the column's size (a formatted caption's end).
 */
export const searchTextOf = (text: string, fileName?: string | null) => {
  const read = MARKED.test(text) ? plainText(text) : text
  const words = [fileName, read === text ? '' : read].filter(Boolean).join('\n')
  return words ? words.slice(0, MESSAGE_MAX_LENGTH) : null
}

/** A file's columns as a message row stores them. */
type FileColumns = {
  fileType?: string | null
  fileName?: string | null
  fileDuration?: number | null
}

/** A message row's `searchText`, from its text and its file's columns: the writes and both backfills. */
export const rowSearchText = (text: string, file: FileColumns = {}) =>
  searchTextOf(text, shownFileName(file.fileType, file.fileName, file.fileDuration))

/**
 * Long enough to fold to its first lines with "Read more", as messengers do (the SPA's rows and
 * the Worker's drawing alike): about a screen of a phone.
 */
export const isLongText = (text: string) => text.length > 1000 || text.split('\n').length > 16

import { DATE_FORMATS } from './constants'

// The spec's four date-fns patterns (DATE_FORMATS), written out: date-fns' `format` brings its whole
// en-US locale (parsing included) into the room's first load, about 6 KB gzipped for four patterns.
// tests/unit/date-format.test.ts holds these to date-fns' own output.
// The English names, from the platform's Intl (browsers, Node and workerd) instead of two lists.
const named = (at: Date, part: 'month' | 'weekday') =>
  at.toLocaleString('en-US', { [part]: 'long' })

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
// `yyyy` is the year of the era, as date-fns writes it: year 0 is 1 BC, written 0001.
const year = (at: Date) => pad(at.getFullYear() > 0 ? at.getFullYear() : 1 - at.getFullYear(), 4)
const hour12 = (at: Date) => at.getHours() % 12 || 12
const period = (at: Date) => (at.getHours() < 12 ? 'AM' : 'PM')

const FORMATTERS: Record<keyof typeof DATE_FORMATS, (at: Date) => string> = {
  // MMMM d, yyyy
  date: (at) => `${named(at, 'month')} ${at.getDate()}, ${year(at)}`,
  // MMMM d, yyyy hh:mm:ss aa
  datetime: (at) =>
    `${FORMATTERS.date(at)} ${pad(hour12(at))}:${pad(at.getMinutes())}:${pad(at.getSeconds())} ${period(at)}`,
  // h:mm aaa
  messageTime: (at) => `${hour12(at)}:${pad(at.getMinutes())} ${period(at).toLowerCase()}`,
  // EEEE, MMMM d, yyyy
  dayDivider: (at) => `${named(at, 'weekday')}, ${FORMATTERS.date(at)}`,
}

/** `at` in one of the spec's formats, exactly as date-fns' `format(at, DATE_FORMATS[name])`. */
export const formatDate = (at: Date, name: keyof typeof DATE_FORMATS) => FORMATTERS[name](at)

/** A saved item's date and time, in the chat's words: "November 27, 2026, 12:29 pm". */
export const savedAt = (iso: string) => {
  const at = new Date(iso)
  return `${FORMATTERS.date(at)}, ${FORMATTERS.messageTime(at)}`
}

// The first paint writes times as the reader's browser would: in the reader's zone. workerd's
// own zone is UTC, so a date moved by the zone's offset at that instant formats there as the
// wall clock (shared/date-format.ts reads the local fields). The SPA names its zone in a cookie.

/** Every field of a wall clock, 0–23 hours. */
export const WALL_CLOCK_FIELDS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** `zone` if the runtime knows it (an IANA name such as "Europe/Berlin"), else null. */
function formatFor(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...WALL_CLOCK_FIELDS, timeZone: zone })
    } catch {
      return null
    }
    formats.set(zone, format)
  }
  return format
}

/** The first zone of the candidates the runtime knows: the cookie's, then the edge's guess. */
export function pickTimeZone(...candidates: (string | undefined)[]): string {
  return candidates.find((z) => z && z.length <= 64 && formatFor(z)) ?? 'UTC'
}

/** `at` moved so that its UTC fields read as the wall clock in `zone`. */
export function wallClock(at: Date, zone: string): Date {
  const format = formatFor(zone)
  if (!format) return at
  const part: Record<string, number> = {}
  for (const p of format.formatToParts(at)) if (p.type !== 'literal') part[p.type] = Number(p.value)
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second)
  // formatToParts drops the milliseconds; the wall clock keeps them.
  return new Date(wall + at.getUTCMilliseconds())
}

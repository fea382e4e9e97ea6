import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pickTimeZone, wallClock, WALL_CLOCK_FIELDS } from '../../worker/first-paint/time-zone'

// The first paint writes times in the reader's zone on workerd, whose own zone is UTC: the
// moved date's UTC fields must read as that zone's wall clock, summer time included.
const utcFields = (d: Date) => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
  d.getUTCSeconds(),
]

describe('the first paint on the reader’s clock', () => {
  it('reads Berlin’s wall clock on both sides of the spring change', () => {
    // 2026-03-29 01:00 UTC: Berlin goes from 02:00 (CET) to 03:00 (CEST).
    expect(utcFields(wallClock(new Date('2026-03-29T00:59:30Z'), 'Europe/Berlin'))).toEqual([
      2026, 3, 29, 1, 59, 30,
    ])
    expect(utcFields(wallClock(new Date('2026-03-29T01:00:30Z'), 'Europe/Berlin'))).toEqual([
      2026, 3, 29, 3, 0, 30,
    ])
  })

  it('keeps the offsets that are not whole hours, and the day they land on', () => {
    expect(utcFields(wallClock(new Date('2026-11-25T20:00:00Z'), 'Asia/Kolkata'))).toEqual([
      2026, 11, 26, 1, 30, 0,
    ])
    expect(utcFields(wallClock(new Date('2026-11-25T12:00:00Z'), 'Pacific/Chatham'))).toEqual([
      2026, 11, 26, 1, 45, 0,
    ])
  })

  it('agrees with Intl for any instant and zone', () => {
    const zones = ['UTC', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01Z'),
          max: new Date('2090-01-01Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const intl = new Intl.DateTimeFormat('en-US', { ...WALL_CLOCK_FIELDS, timeZone: zone })
          const parts = Object.fromEntries(
            intl.formatToParts(at).map((p) => [p.type, Number(p.value)]),
          )
          const wall = wallClock(at, zone)
          expect(utcFields(wall)).toEqual([
            parts.year,
            parts.month,
            parts.day,
            parts.hour,
            parts.minute,
            parts.second,
          ])
          expect(wall.getUTCMilliseconds()).toBe(at.getUTCMilliseconds())
        },
      ),
    )
  })

  it('takes the cookie’s zone, then the edge’s, then UTC; never a name the runtime does not know', () => {
    expect(pickTimeZone('Asia/Kolkata', 'Europe/Berlin')).toBe('Asia/Kolkata')
    expect(pickTimeZone(undefined, 'Europe/Berlin')).toBe('Europe/Berlin')
    expect(pickTimeZone('Mars/Olympus_Mons', 'x'.repeat(80))).toBe('UTC')
    expect(pickTimeZone('', undefined)).toBe('UTC')
  })
})

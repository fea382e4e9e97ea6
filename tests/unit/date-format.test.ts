import { format } from 'date-fns'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DATE_FORMATS } from '../../shared/constants'
import { formatDate, savedAt } from '../../shared/date-format'
import { seenLabel } from '../../shared/receipts'

const NAMES = Object.keys(DATE_FORMATS) as (keyof typeof DATE_FORMATS)[]

describe('the spec date formats', () => {
  it.each(NAMES)('%s matches date-fns for any date from year 1 to 9999', (name) => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (at) => {
          expect(formatDate(at, name)).toBe(format(at, DATE_FORMATS[name]))
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('writes noon, midnight and single digits as the spec shows them', () => {
    const noon = new Date(2024, 3, 9, 12, 5, 7)
    const midnight = new Date(2024, 3, 9, 0, 0, 0)
    expect(formatDate(noon, 'messageTime')).toBe('12:05 pm')
    expect(formatDate(midnight, 'messageTime')).toBe('12:00 am')
    expect(formatDate(noon, 'datetime')).toBe('April 9, 2024 12:05:07 PM')
    expect(formatDate(midnight, 'dayDivider')).toBe('Tuesday, April 9, 2024')
  })

  it("writes a saved item's time (bookmarks, breach checks) in the chat's words", () => {
    expect(savedAt(new Date(2024, 3, 9, 12, 5, 7).toISOString())).toBe('April 9, 2024, 12:05 pm')
  })
})

describe('the receipt’s "Seen" time', () => {
  it('is the bubbles’ message time today and the spec’s date before, never the browser’s locale', () => {
    const now = new Date(2024, 3, 29, 18, 0, 0)
    expect(seenLabel(new Date(2024, 3, 29, 1, 47), now)).toBe('1:47 am')
    expect(seenLabel(new Date(2024, 3, 28, 23, 59), now)).toBe('April 28, 2024')
  })
})

import { describe, expect, it } from 'vitest'
import { rangeOf } from '../../web/features/chat/virtual-window'

// The window of a long message list (use-virtual-rows.ts): which entries meet a span of pixels,
// given each entry's top (offsets has one more item: the total height).
const offsetsOf = (sizes: number[]) => sizes.reduce((o, s) => [...o, o.at(-1)! + s], [0])

describe('the message list window', () => {
  const offsets = offsetsOf(Array(1000).fill(50))

  it('renders the entries meeting the view and its overscan, not the rest', () => {
    expect(rangeOf(offsets, 10_000, 10_700)).toEqual({ start: 200, end: 214 })
    expect(rangeOf(offsets, 10_025, 10_026)).toEqual({ start: 200, end: 201 })
  })

  it('clamps at both ends of the history', () => {
    expect(rangeOf(offsets, -900, 500)).toEqual({ start: 0, end: 10 })
    expect(rangeOf(offsets, 49_500, 60_000)).toEqual({ start: 990, end: 1000 })
    // A view past the end (the box taller than a shrunk list) still shows the last entry.
    expect(rangeOf(offsets, 80_000, 81_000)).toEqual({ start: 999, end: 1000 })
  })

  it('follows measured heights of any size', () => {
    const mixed = offsetsOf([40, 320, 60, 60, 500, 44])
    expect(rangeOf(mixed, 350, 430)).toEqual({ start: 1, end: 4 })
    expect(rangeOf(mixed, 500, 501)).toEqual({ start: 4, end: 5 })
  })

  it('is empty for an empty room', () => {
    expect(rangeOf([0], 0, 600)).toEqual({ start: 0, end: 0 })
  })
})

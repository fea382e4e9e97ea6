import { describe, expect, it } from 'vitest'
import { receiptMarks, type Receipts } from '../../shared/receipts'
import { msg } from './helpers/message'

// Where "Seen" and "Delivered" go under Ada's messages, from Ben's read and delivery positions.
const ada = { senderId: 'ada' }
const room = [msg(1, ada), msg(2), msg(3, ada), msg(4, ada), msg(5, { ...ada, kind: 'system' })]
const receipts = (read?: number, delivered?: number): Receipts => ({
  own: {},
  partner: read === undefined ? {} : { home: { seq: read, readAt: '2026-11-29T10:00:00.000Z' } },
  held: {},
  delivered: delivered === undefined ? {} : { home: delivered },
})
const marks = (r?: Receipts) => receiptMarks(room, 'ada', r, 'home')

describe('receiptMarks', () => {
  it('puts "Delivered" under the newest of one’s own messages the partner holds, unread', () => {
    expect(marks(receipts(undefined, 3))).toEqual({ seen: null, delivered: 'm3' })
    // A system notice is nobody's message.
    expect(marks(receipts(undefined, 5))).toEqual({ seen: null, delivered: 'm4' })
    expect(marks(receipts(undefined, 0))).toEqual({ seen: null, delivered: null })
  })

  it('leaves "Seen" under the newest one read, and "Delivered" only under a newer one', () => {
    const seen = { key: 'm1', readAt: '2026-11-29T10:00:00.000Z' }
    expect(marks(receipts(2, 4))).toEqual({ seen, delivered: 'm4' })
    expect(marks(receipts(2, 2))).toEqual({ seen, delivered: null })
    // Read further than a delivery report said (read on a device that reported nothing yet).
    expect(marks(receipts(4, 1))).toEqual({ seen: { ...seen, key: 'm4' }, delivered: null })
  })

  it('marks no message deleted for everyone: the newest one left carries it', () => {
    const gone = [...room.slice(0, 3), msg(4, { ...ada, deletedAt: '2026-11-29T10:05:00.000Z' })]
    expect(receiptMarks(gone, 'ada', receipts(4, 4), 'home')).toEqual({
      seen: { key: 'm3', readAt: '2026-11-29T10:00:00.000Z' },
      delivered: null,
    })
    expect(receiptMarks(gone, 'ada', receipts(undefined, 4), 'home').delivered).toBe('m3')
  })

  it('shows nothing before the receipts are read, or for a room without any', () => {
    expect(marks(undefined)).toEqual({ seen: null, delivered: null })
    expect(receiptMarks(room, 'ada', receipts(3, 4), 'garden')).toEqual({
      seen: null,
      delivered: null,
    })
  })
})

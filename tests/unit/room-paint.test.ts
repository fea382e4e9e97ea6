import { describe, expect, it } from 'vitest'
import { roomPaint } from '../../worker/first-paint/room-paint'

// The Worker's drawing of a room as the SPA will show it: a deleted room (drawn for the admin
// view only) has no composer to type into, as the SPA's room has none.
const paint = (isDeleted: boolean) =>
  roomPaint({
    meId: 'ada',
    roomId: 'garden',
    room: { name: 'Garden', color: '#16a34a', isDeleted },
    rows: [],
    readSeq: null,
    zone: 'UTC',
  })

describe('the drawn room', () => {
  it('has its composer, and its script, unless the room was deleted', () => {
    expect(paint(false)).toContain('<form class="composer" data-room="garden">')
    const deleted = paint(true)
    expect(deleted).not.toContain('class="composer"')
    expect(deleted).toContain('This room was deleted: its messages can be read, not answered.')
  })
})

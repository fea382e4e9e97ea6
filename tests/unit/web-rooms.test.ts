import { describe, expect, it } from 'vitest'
import {
  applyRoomEvent,
  isHexColor,
  randomColor,
  visibleRooms,
  type Room,
} from '../../web/features/rooms/room-model'

const room = (id: string, name: string, isDeleted = false): Room => ({
  $id: id,
  name,
  color: '#123456',
  isDeleted,
})

describe('visibleRooms', () => {
  const rooms = [
    room('b', 'travel'),
    room('home', 'Home'),
    room('a', 'Books'),
    room('c', 'Old', true),
  ]

  it('sorts by name and leaves out the home room and deleted rooms', () => {
    expect(visibleRooms(rooms, false).map((r) => r.$id)).toEqual(['a', 'b'])
  })

  it('shows deleted rooms to the admin view', () => {
    expect(visibleRooms(rooms, true).map((r) => r.$id)).toEqual(['a', 'c', 'b'])
  })
})

describe('applyRoomEvent', () => {
  it('upserts on create/update and removes on delete', () => {
    const list = [room('a', 'A')]
    expect(applyRoomEvent(list, room('a', 'A2'), false)).toEqual([room('a', 'A2')])
    expect(applyRoomEvent(list, room('b', 'B'), false)).toHaveLength(2)
    expect(applyRoomEvent(list, room('a', 'A'), true)).toEqual([])
  })
})

describe('randomColor', () => {
  it('is a 24-bit hex colour, zero padded', () => {
    expect(randomColor(() => 0)).toBe('#000000')
    expect(randomColor(() => 0.9999999999)).toBe('#ffffff')
    expect(randomColor(() => 1 / 0x1000000)).toBe('#000001')
    for (let i = 0; i < 50; i++) expect(isHexColor(randomColor())).toBe(true)
  })
})

describe('isHexColor', () => {
  it('accepts only #rrggbb', () => {
    expect(isHexColor('#a1B2c3')).toBe(true)
    expect(isHexColor('a1b2c3')).toBe(false)
    expect(isHexColor('#abc')).toBe(false)
  })
})

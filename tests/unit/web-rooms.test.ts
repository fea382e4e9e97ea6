import { describe, expect, it } from 'vitest'
import { AddRoomRequest, ROOM_NAME_MAX } from '../../shared/schemas/room'
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

describe('a room name (AddRoomRequest, the create panel and the rename form)', () => {
  it('refuses one past the column, saying so, rather than cutting it', () => {
    const name = 'A very long room name that goes on and on and on for quite a while ok'
    expect(name.length).toBeGreaterThan(ROOM_NAME_MAX)
    const r = AddRoomRequest.safeParse({ name, color: '#123456' })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.message).toBe('A room name can be at most 64 characters long.')
    expect(AddRoomRequest.safeParse({ name: name.slice(0, 64), color: '#123456' }).success).toBe(
      true,
    )
  })
})

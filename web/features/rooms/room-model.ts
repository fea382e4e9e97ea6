import { HOME_ROOM_ID } from '../../../shared/constants'

export type Room = { $id: string; name: string; color: string; isDeleted: boolean }

/** Sidebar rooms: sorted by name, home excluded, deleted ones only for the admin view. */
export function visibleRooms(rooms: readonly Room[], isAdmin: boolean): Room[] {
  return rooms
    .filter((r) => r.$id !== HOME_ROOM_ID && (isAdmin || !r.isDeleted))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}

/** Applies one realtime row event to a room list (create/update upsert, delete removes). */
export function applyRoomEvent(rooms: readonly Room[], room: Room, deleted: boolean): Room[] {
  const rest = rooms.filter((r) => r.$id !== room.$id)
  return deleted ? rest : [...rest, room]
}

/** A random 24-bit colour as `#rrggbb` (spec section 9). */
export function randomColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`
}

export const isHexColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value)

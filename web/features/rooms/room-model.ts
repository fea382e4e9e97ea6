import type { Room } from '../../../shared/room-list'

export { visibleRooms, type Room } from '../../../shared/room-list'

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

/**
 * The room at `roomId` as this view lists it: a deleted one only in the admin view. None for a
 * room deleted while open ("Room not found"), whose search is off too (top-bar.tsx).
 */
export const shownRoom = (rooms: readonly Room[] | undefined, roomId: string, isAdmin: boolean) =>
  rooms?.find((r) => r.$id === roomId && (isAdmin || !r.isDeleted))

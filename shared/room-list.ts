import { HOME_ROOM_ID } from './constants'

export type Room = { $id: string; name: string; color: string; isDeleted: boolean }

/** A rooms row as the sidebar keeps it (the SPA's list, realtime events, the Worker's first load). */
export const toRoom = (row: Record<string, unknown>): Room => ({
  $id: String(row.$id),
  name: String(row.name ?? ''),
  color: String(row.color ?? '#4f46e5'),
  isDeleted: row.isDeleted === true,
})

/** Sidebar rooms: sorted by name, home excluded, deleted ones only for the admin view. */
export function visibleRooms(rooms: readonly Room[], isAdmin: boolean): Room[] {
  return rooms
    .filter((r) => r.$id !== HOME_ROOM_ID && (isAdmin || !r.isDeleted))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}

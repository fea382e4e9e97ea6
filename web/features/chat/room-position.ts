import type { Anchor } from './virtual-window'

// Where the reader left a room, per entry of the tab's history, when not at its newest: the first
// row in view and its distance from the top (virtual-window.ts). Back (or Forward) to that entry
// shows the room there again, as a browser restores a page's scroll; a link or the sidebar opens
// it anew (at its newest or its unread line), and so does a reload. One record per entry left.
const kept = new Map<string, Exclude<Anchor, 'bottom'>>()

/** Called as the room's list goes: its place, or nothing when it was at the newest. */
export const keepPosition = (place: string, at: Anchor) =>
  at === 'bottom' ? kept.delete(place) : kept.set(place, at)

/** Where the room was left at `place`, when that row is among `entries` (still loaded). */
export function keptPosition(place: string, entries: readonly { key: string }[]) {
  const at = kept.get(place)
  return at && entries.some((e) => e.key === at.key) ? at : undefined
}

import { setSearch } from '../../state/ui-state'

// A message to bring into view when its room opens ("Open in chat" on a bookmark). Plain module
// state: set just before navigating, read once by that room's list.
export type JumpTarget = { roomId: string; messageId: string; seq: number }

let target: JumpTarget | null = null

/** The jump's own work (jump-step.ts), a chunk of its own. */
export const loadJumpStep = () => import('./jump-step')

export const setJumpTarget = (t: JumpTarget | null) => {
  target = t
}

export const jumpTargetFor = (roomId: string) => (target?.roomId === roomId ? target : null)

/**
 * Leaves the search for the whole room at that message: the list first draws every row again
 * (its own effect then pins the bottom), and the jump comes after that frame.
 */
export function showInChat(jumpTo: (messageId: string) => void, messageId: string) {
  setSearch('')
  requestAnimationFrame(() => requestAnimationFrame(() => jumpTo(messageId)))
}

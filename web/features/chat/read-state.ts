import { proxy, subscribe } from 'valtio'
import { readMarksKey } from '../../../shared/read-marks'
import { globalState } from '../../state/global-state'

function restore(userId: string | undefined): Record<string, number> {
  try {
    const stored = userId && localStorage.getItem(readMarksKey(userId))
    return (JSON.parse(stored || '{}') as Record<string, number>) ?? {}
  } catch {
    return {}
  }
}

// Whose marks these are: the signed-in user's, swapped when another signs in on this browser.
let owner = globalState.account?.$id
export const readState = proxy<{ lastRead: Record<string, number> }>({ lastRead: restore(owner) })

subscribe(readState, () => {
  if (owner) localStorage.setItem(readMarksKey(owner), JSON.stringify(readState.lastRead))
})
subscribe(globalState, () => {
  if (globalState.account?.$id === owner) return
  owner = globalState.account?.$id
  readState.lastRead = restore(owner)
})

/** Moves the read mark forward (never back); `init` records a baseline even at seq 0. */
export function markRead(roomId: string, seq: number, init = false) {
  const known = readState.lastRead[roomId]
  if (known === undefined ? init || seq > 0 : known < seq) readState.lastRead[roomId] = seq
}

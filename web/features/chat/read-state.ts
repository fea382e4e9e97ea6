import { proxy, subscribe } from 'valtio'
import { READ_MARKS_KEY as KEY } from '../../../shared/read-marks'

function restore(): Record<string, number> {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, number>) ?? {}
  } catch {
    return {}
  }
}

export const readState = proxy<{ lastRead: Record<string, number> }>({ lastRead: restore() })

subscribe(readState, () => localStorage.setItem(KEY, JSON.stringify(readState.lastRead)))

/** Moves the read mark forward (never back); `init` records a baseline even at seq 0. */
export function markRead(roomId: string, seq: number, init = false) {
  const known = readState.lastRead[roomId]
  if (known === undefined ? init || seq > 0 : known < seq) readState.lastRead[roomId] = seq
}

import { useEffect, useState } from 'react'

// Work no screen waits for (the service worker, chunks a first hover will want): a second after it
// is asked for, then in the browser's next idle time. Idle alone came too early: a signed-in reload
// is idle while it fetches its chunks, before the room has painted a row.
const SETTLE_MS = 1_000

/** Runs `work` once the page has settled; the returned function cancels it. */
export function whenSettled(work: () => void, settleMs = SETTLE_MS): () => void {
  let idle = 0
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = requestIdleCallback(work, { timeout: 5_000 })
    else work()
  }, settleMs)
  return () => {
    clearTimeout(timer)
    if (idle) cancelIdleCallback(idle)
  }
}

/** Whether the page has settled (whenSettled), for a part rendered only from then on. */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => whenSettled(() => setSettled(true)), [])
  return settled
}

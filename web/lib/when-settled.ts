import { useEffect, useState, type ComponentType } from 'react'

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

/**
 * A component of a chunk of its own, loaded once the page has settled; null until then. A chunk
 * that does not come (the network, a server restarting) is asked for again, not rendered as the
 * app's error page: nothing on screen waits for it.
 */
export function useSettledPart(load: () => Promise<{ default: ComponentType }>) {
  const [Part, setPart] = useState<ComponentType | null>(null)
  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined
    const attempt = () =>
      void load().then(
        (m) => setPart(() => m.default),
        () => (retry = setTimeout(attempt, RETRY_MS)),
      )
    const cancel = whenSettled(attempt)
    return () => (cancel(), clearTimeout(retry))
  }, [load])
  return Part
}

const RETRY_MS = 5_000

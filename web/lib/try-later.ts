import { retryDelay } from './query-client'

/**
 * The next try of something a lost connection stopped (a send, an upload): online, `run` 1 s
 * later, doubling to 30 s with each failure in a row (the spec's backoff); offline, none, since
 * the browser's `online` event tries it. A new `after` replaces the pending try.
 */
export function tryLater() {
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => clearTimeout(timer)
  return {
    after(run: () => void) {
      stop()
      if (navigator.onLine) timer = setTimeout(run, retryDelay(failures++))
    },
    /** It went: the next failure waits 1 s again. */
    passed: () => void (failures = 0),
    stop,
  }
}

import { useEffect, useRef } from 'react'

type Watcher = { onclose: (() => void) | null; destroy(): void }
type WatcherClass = new () => Watcher

/**
 * While `active`, `close` runs on Escape and, where the browser has a CloseWatcher (Chrome), on
 * the system's back gesture or button too: a phone's Back closes the drawer or panel first, as it
 * closes a modal <dialog>, instead of leaving the page behind it.
 */
export function useDismiss(active: boolean, close: () => void) {
  const latest = useRef(close)
  latest.current = close
  useEffect(() => {
    if (!active) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      // Handled here: the browser's close request (the watcher below) would close it twice.
      e.preventDefault()
      latest.current()
    }
    document.addEventListener('keydown', onKey)
    const Watcher = (globalThis as { CloseWatcher?: WatcherClass }).CloseWatcher
    const watcher = Watcher ? new Watcher() : null
    if (watcher) watcher.onclose = () => latest.current()
    return () => {
      document.removeEventListener('keydown', onKey)
      watcher?.destroy()
    }
  }, [active])
}

import { useEffect, type ComponentType } from 'react'
import { notify } from './notify'
import { preloadable } from './preloadable'
import { PART_MISSING } from '../../shared/texts'

/**
 * A panel or picker a click opens, a chunk of its own. One whose chunk did not come closes again
 * with a toast that says so, and the next click asks for it again: as React.lazy it replaced the
 * whole screen with the route's error page. `close` is how its props close it.
 */
export function clickPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  close: (props: P) => void,
) {
  function NotOpened(props: P) {
    // Once per opening (its close unmounts it), so the props it had then are the ones to close.
    useEffect(() => {
      notify({ title: PART_MISSING.title, body: PART_MISSING.body(navigator.onLine) })
      close(props)
      // Asked for again at once: the next click finds it here, or asks once more itself.
      void Part.preload().catch(() => undefined)
    }, [])
    return null
  }
  const Part = preloadable(load, NotOpened)
  return Part
}

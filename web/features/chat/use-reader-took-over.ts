import { useEffect, useState, type RefObject } from 'react'
import { jumpTargetFor } from './jump-target'

/**
 * Whether the room's place is the reader's before it opened at its unread line: a bookmark's
 * "Open in chat" asked for a message, or the reader moved the list while `opening` (the pages down
 * to the first unread message coming). Then the room stays where they are.
 */
export function useReaderTookOver(
  ref: RefObject<HTMLElement | null>,
  roomId: string,
  opening: boolean,
) {
  const [taken, setTaken] = useState(() => !!jumpTargetFor(roomId))
  useEffect(() => {
    const el = ref.current
    if (!opening || taken || !el) return
    const stop = new AbortController()
    // How a reader moves the list; a pointer pressed right of its content is on its scrollbar.
    const take = (e: Event) =>
      (e.type !== 'pointerdown' ||
        (e.target === el && (e as PointerEvent).offsetX >= el.clientWidth)) &&
      setTaken(true)
    for (const move of ['wheel', 'touchmove', 'keydown', 'pointerdown'])
      el.addEventListener(move, take, { passive: true, signal: stop.signal })
    return () => stop.abort()
  }, [ref, opening, taken])
  return taken
}

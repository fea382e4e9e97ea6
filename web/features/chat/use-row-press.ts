import { useEffect, type RefObject } from 'react'

const HOLD_MS = 500
// A finger that moves further is scrolling, not pressing.
const SLOP_PX = 10

/**
 * Calls `open` on a right click on the message row of `anchor`, or on a finger held still on it
 * for half a second: Chrome on Android reports that hold as a context menu too, Safari on iOS
 * does not. Links, fields and buttons in the row keep their own.
 */
export function useRowPress(anchor: RefObject<HTMLElement | null>, open: () => void) {
  useEffect(() => {
    const row = anchor.current?.closest<HTMLElement>('.msg')
    if (!row) return
    const inside = (e: Event, what: string) => !!(e.target as Element).closest(what)
    const onContextMenu = (e: MouseEvent) => {
      if (inside(e, 'a, textarea, input')) return
      e.preventDefault()
      open()
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    let from = { x: 0, y: 0 }
    let held = false
    const stop = () => clearTimeout(timer)
    const onDown = (e: PointerEvent) => {
      held = false
      if (e.pointerType !== 'touch' || inside(e, 'a, textarea, input, button')) return
      from = { x: e.clientX, y: e.clientY }
      stop()
      timer = setTimeout(() => ((held = true), open()), HOLD_MS)
    }
    // The finger lifted after a hold: no tap follows, whose focus on the log would take it out of
    // the menu just opened (a screen reader's user would be left outside it).
    const onTouchEnd = (e: TouchEvent) => {
      if (held && e.cancelable) e.preventDefault()
      held = false
    }
    const onMove = (e: PointerEvent) => {
      if (Math.hypot(e.clientX - from.x, e.clientY - from.y) > SLOP_PX) stop()
    }
    const ends = ['pointerup', 'pointercancel', 'pointerleave'] as const
    row.addEventListener('contextmenu', onContextMenu)
    row.addEventListener('pointerdown', onDown)
    row.addEventListener('pointermove', onMove)
    row.addEventListener('touchend', onTouchEnd)
    for (const type of ends) row.addEventListener(type, stop)
    return () => {
      stop()
      row.removeEventListener('contextmenu', onContextMenu)
      row.removeEventListener('pointerdown', onDown)
      row.removeEventListener('pointermove', onMove)
      row.removeEventListener('touchend', onTouchEnd)
      for (const type of ends) row.removeEventListener(type, stop)
    }
  }, [anchor, open])
}

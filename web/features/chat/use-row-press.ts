import { useEffect, type RefObject } from 'react'

const HOLD_MS = 500
// A finger that moves further is scrolling, not pressing.
const SLOP_PX = 10
// Controls of the row with a hold of their own meaning: the editor, the "⋯" and its menu, the
// reactions, a failed send's Retry.
const TOUCH_OWN = 'textarea, input, .msg-editor, .msg-actions, .reactions, .msg-failed'

/**
 * Calls `open` on a right click on the message row of `anchor`, or on a finger held still on it
 * for half a second: Chrome on Android reports that hold as a context menu too, Safari on iOS
 * does not. A right click on a link or in a field keeps the browser's menu, and so does one on
 * selected text. A finger's hold opens it over a link or a picture too (their tap stays theirs),
 * as phone messengers do; not on the row's own controls.
 */
export function useRowPress(anchor: RefObject<HTMLElement | null>, open: () => void) {
  useEffect(() => {
    const row = anchor.current?.closest<HTMLElement>('.msg')
    if (!row) return
    const inside = (e: Event, what: string) => !!(e.target as Element).closest(what)
    // Text selected in the row: the browser's menu, whose Copy takes just that text.
    const selecting = () => {
      const sel = window.getSelection()
      return (
        !!sel && !sel.isCollapsed && row.contains(sel.anchorNode) && row.contains(sel.focusNode)
      )
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    let from = { x: 0, y: 0 }
    let held = false
    let touching = false
    const stop = () => clearTimeout(timer)
    const hold = () => {
      stop()
      held = true
      open()
    }
    const onContextMenu = (e: MouseEvent) => {
      if (touching) {
        // Android's own hold: the menu once (the timer's or this), never the browser's.
        if (inside(e, TOUCH_OWN)) return
        e.preventDefault()
        if (!held) hold()
        return
      }
      if (inside(e, 'a, textarea, input') || selecting()) return
      e.preventDefault()
      open()
    }
    const onDown = (e: PointerEvent) => {
      held = false
      touching = e.pointerType === 'touch'
      if (!touching || inside(e, TOUCH_OWN)) return
      from = { x: e.clientX, y: e.clientY }
      stop()
      timer = setTimeout(hold, HOLD_MS)
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

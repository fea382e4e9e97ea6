import { useLayoutEffect, type RefObject } from 'react'

// Pixels kept between a moved panel and the scrolling area's side.
const INSET = 8

/**
 * Keeps an open message panel inside the room's scrolling area (any other panel inside the
 * window): it opens toward the room's
 * middle (message-actions.css), one that still crosses a side (a narrow phone, the wider
 * reaction picker) is moved in, and one with too little room below opens toward the larger
 * space, upward or down. One taller than that space (a phone in landscape) scrolls within it, so
 * its last items stay reachable. Measured again whenever the panel changes size, since the picker
 * arrives as a chunk of its own after the panel opened.
 */
export function usePanelPlacement(
  panel: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null> | null,
  open: unknown,
) {
  useLayoutEffect(() => {
    const el = panel.current
    if (!el) return
    // Outside a room's list (the room's own options in its header): the window.
    const area = el.closest('.message-scroll')
    const place = () => {
      el.classList.remove('up')
      el.style.removeProperty('translate')
      el.style.removeProperty('max-height')
      el.style.removeProperty('overflow-y')
      const { clientWidth, clientHeight } = document.documentElement
      const bounds = area?.getBoundingClientRect() ?? new DOMRect(0, 0, clientWidth, clientHeight)
      let box = el.getBoundingClientRect()
      const below = bounds.bottom - INSET - box.top
      // Opened upward, the panel ends about where the anchor begins.
      const above = box.top - (anchor?.current?.offsetHeight ?? 0) - bounds.top - INSET
      if (box.height > below && above > below) el.classList.add('up')
      box = el.getBoundingClientRect()
      const room =
        box.height - Math.max(0, box.bottom - bounds.bottom + INSET, bounds.top + INSET - box.top)
      if (room < box.height) {
        el.style.maxHeight = `${Math.floor(Math.max(room, 48))}px`
        el.style.overflowY = 'auto'
      }
      const shift = Math.max(
        bounds.left + INSET - box.left,
        Math.min(0, bounds.right - INSET - box.right),
      )
      if (shift) el.style.translate = `${Math.round(shift)}px 0`
    }
    place()
    const resized = new ResizeObserver(place)
    resized.observe(el)
    return () => resized.disconnect()
  }, [panel, anchor, open])
}

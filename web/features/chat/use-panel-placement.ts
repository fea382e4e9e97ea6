import { useLayoutEffect, type RefObject } from 'react'

// Pixels kept between a moved panel and the scrolling area's side.
const INSET = 8

/**
 * Keeps an open message panel inside the room's scrolling area: it opens toward the room's
 * middle (message-actions.css), one that still crosses a side (a narrow phone, the wider
 * reaction picker) is moved in, and one with no room below opens upward. Measured again whenever
 * the panel changes size, since the picker arrives as a chunk of its own after the panel opened.
 */
export function usePanelPlacement(
  panel: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null>,
  open: unknown,
) {
  useLayoutEffect(() => {
    const el = panel.current
    const area = el?.closest('.message-scroll')
    if (!el || !area) return
    const place = () => {
      el.classList.remove('up')
      el.style.removeProperty('translate')
      const bounds = area.getBoundingClientRect()
      const box = el.getBoundingClientRect()
      const roomAbove = box.top - bounds.top > box.height + (anchor.current?.offsetHeight ?? 0)
      if (box.bottom > bounds.bottom && roomAbove) el.classList.add('up')
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

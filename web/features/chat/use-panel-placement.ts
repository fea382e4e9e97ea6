import { useLayoutEffect, type RefObject } from 'react'

// Pixels kept between a moved panel and the scrolling area's side.
const INSET = 8

/**
 * Keeps an open message panel inside the room's scrolling area (any other panel inside the
 * window): it opens toward the room's middle (message-actions.css), one that still crosses a
 * side (a narrow phone, the wider reaction picker) is moved in, and one with too little room
 * below opens toward the larger space, upward or down. One taller than that space (a phone in
 * landscape, 200 % zoom) is held in the window instead, over the header and the composer, and
 * scrolls only if the window is shorter still, so its last items stay reachable. Measured again
 * whenever the panel changes size, since the picker arrives as a chunk of its own after the
 * panel opened.
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
    const at = pointerAt(anchor?.current)
    const place = () => {
      el.classList.remove('up')
      // Every inline style of the panel is this hook's.
      el.removeAttribute('style')
      const { clientWidth, clientHeight } = document.documentElement
      const view = new DOMRect(0, 0, clientWidth, clientHeight)
      const bounds = area?.getBoundingClientRect() ?? view
      if (at) return atPointer(el, anchor!.current!, at, bounds, view)
      let box = el.getBoundingClientRect()
      const below = bounds.bottom - INSET - box.top
      // Opened upward, the panel ends about where the anchor begins.
      const above = box.top - (anchor?.current?.offsetHeight ?? 0) - bounds.top - INSET
      if (box.height > below && above > below) el.classList.add('up')
      box = el.getBoundingClientRect()
      const cut = Math.max(0, box.bottom - bounds.bottom + INSET, bounds.top + INSET - box.top)
      // Too short a list (200 % zoom, a phone in landscape): over the header and composer, in
      // the window, as a system menu is, rather than a sliver of the list.
      if (cut && area) {
        // Its message scrolled out of the list: it goes with it, as a menu in the list would.
        const at = anchor?.current?.getBoundingClientRect()
        const gone = !!at && (at.bottom < bounds.top || at.top > bounds.bottom)
        return overWindow(el, box, gone ? new DOMRect(0, -1e5, clientWidth, 2e5) : view)
      }
      if (cut) fitIn(el, box.height - cut)
      const shift = Math.max(
        bounds.left + INSET - box.left,
        Math.min(0, bounds.right - INSET - box.right),
      )
      if (shift) el.style.translate = `${Math.round(shift)}px 0`
    }
    place()
    const resized = new ResizeObserver(place)
    resized.observe(el)
    // The list's own size too: a phone turned back, a zoom changed, with the panel held fixed.
    if (area) resized.observe(area)
    // Held in the window, it follows its message as the list scrolls.
    const follow = () => el.style.position === 'fixed' && place()
    area?.addEventListener('scroll', follow, { passive: true })
    return () => {
      resized.disconnect()
      area?.removeEventListener('scroll', follow)
    }
  }, [panel, anchor, open])
}

/**
 * A right click's menu opens at the pointer, as a system's context menu does: down and to the
 * right of it, or up or left where the list has no room for that (row-press.ts). Up or down is
 * chosen once, so the picker or a confirmation that takes the menu's place opens the same way,
 * clear of the composer. The point is kept from the "⋯" it opened through, so the menu goes with
 * its message as the list scrolls, and out of the list with it, as the "⋯"'s own does.
 */
function atPointer(
  el: HTMLElement,
  anchor: HTMLElement,
  at: Point,
  bounds: DOMRect,
  view: DOMRect,
) {
  // Measured where it goes, in the window: beside the "⋯" a narrower place may wrap its items.
  Object.assign(el.style, {
    position: 'fixed',
    top: '0px',
    bottom: 'auto',
    left: '0px',
    right: 'auto',
  })
  const box = el.getBoundingClientRect()
  const a = anchor.getBoundingClientRect()
  const [x, y] = [a.left + at.x, a.top + at.y]
  if (at.up === undefined) {
    at.up = y + box.height > bounds.bottom - INSET && y - bounds.top > bounds.bottom - y
    anchor.dataset.at = `${at.x},${at.y},${at.up ? 'up' : 'down'}`
  }
  const left = x + box.width > bounds.right - INSET ? x - box.width : x
  const corner = new DOMRect(left, at.up ? y - box.height : y, box.width, box.height)
  const gone = a.bottom < bounds.top || a.top > bounds.bottom
  const fits = box.height <= bounds.height - 2 * INSET
  overWindow(el, corner, gone ? new DOMRect(0, -1e5, view.width, 2e5) : fits ? bounds : view)
}

type Point = { x: number; y: number; up?: boolean }

/**
 * The point a right click opened the menu at, from its anchor's corner, and the side it opened
 * on once known (`data-at`: "x,y" then ",up" or ",down"), if it did.
 */
function pointerAt(anchor: HTMLElement | null | undefined): Point | null {
  const [x, y, side] = (anchor?.dataset.at ?? '').split(',')
  const [px, py] = [Number(x), Number(y)]
  if (!x || !y || !Number.isFinite(px) || !Number.isFinite(py)) return null
  return { x: px, y: py, up: side === undefined ? undefined : side === 'up' }
}

/** Where it opened, moved up as far as it must to end inside the window, and scrolled past that. */
function overWindow(el: HTMLElement, box: DOMRect, view: DOMRect) {
  const height = Math.min(box.height, view.height - 2 * INSET)
  const top = Math.max(view.top + INSET, Math.min(box.top, view.bottom - INSET - height))
  const left = Math.max(view.left + INSET, Math.min(box.left, view.right - INSET - box.width))
  const at = { top: `${top}px`, bottom: 'auto', left: `${left}px`, right: 'auto' }
  Object.assign(el.style, { position: 'fixed', ...at })
  if (height < box.height) fitIn(el, height)
}

function fitIn(el: HTMLElement, room: number) {
  el.style.maxHeight = `${Math.floor(Math.max(room, 48))}px`
  el.style.overflowY = 'auto'
}

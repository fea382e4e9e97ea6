// The pure parts of the windowed message list (use-virtual-rows.ts): what to render, what the
// rendered rows measure, and where the reader is looking.
import { UNREAD_LINE_KEY } from '../../../shared/timeline'

/** The first visible row and its distance from the box's top, or the bottom of the log. */
export type Anchor = { key: string; offset: number } | 'bottom'

// A divider comes and goes with the rows around it (timeline.ts), the unread line with reading:
// a message holds the view.
const isDivider = (key: string) =>
  key.startsWith('day-') || key.startsWith('gap-') || key === UNREAD_LINE_KEY

/**
 * Where an entry's row begins on screen: its bubble, not the wrapper, whose margin above changes
 * when an older page makes the row continue the one before it (timeline.ts `continued`).
 */
export const anchorTop = (e: Element) => (e.firstElementChild ?? e).getBoundingClientRect().top

/** The rows container's entries in the flow (each carries `data-vkey`); not a pinned one. */
export const entryEls = (rows: HTMLElement) =>
  Array.from(rows.children).filter(
    (e): e is HTMLElement => e instanceof HTMLElement && !e.hasAttribute('data-pinned'),
  )

/** Tells which entry holds keyboard focus (its `data-vkey`), or null once focus leaves them. */
export function watchFocus(rows: HTMLElement, changed: (key: string | null) => void) {
  const on = (e: FocusEvent) => {
    const t = e.type === 'focusin' ? e.target : e.relatedTarget
    changed(
      t instanceof Element && rows.contains(t)
        ? (t.closest<HTMLElement>('[data-vkey]')?.dataset.vkey ?? null)
        : null,
    )
  }
  rows.addEventListener('focusin', on)
  rows.addEventListener('focusout', on)
  return () => {
    rows.removeEventListener('focusin', on)
    rows.removeEventListener('focusout', on)
  }
}

/** The entries whose extent (from `offsets`, one more than entries) meets [from, to). */
export function rangeOf(offsets: readonly number[], from: number, to: number) {
  const n = offsets.length - 1
  let lo = 0
  let hi = n
  // The first entry ending below `from`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (offsets[mid + 1]! > from) hi = mid
    else lo = mid + 1
  }
  let end = lo
  while (end < n && offsets[end]! < to) end++
  return { start: Math.min(lo, Math.max(0, n - 1)), end: Math.max(end, Math.min(lo + 1, n)) }
}

/** Records each rendered entry's height plus the gap after it; true when one changed. */
export function measure(rows: HTMLElement, sizes: Map<string, number>, gap: number) {
  let changed = false
  for (const e of entryEls(rows)) {
    const key = e.dataset.vkey
    if (!key) continue
    const size = e.getBoundingClientRect().height + gap
    if (Math.abs((sizes.get(key) ?? -1) - size) > 0.5) {
      sizes.set(key, size)
      changed = true
    }
  }
  return changed
}

/**
 * Where the reader is: at the bottom, or the first row whose start is in view; a row cut by the
 * top edge only when no row starts in view (one taller than the box). Not the cut row: when an
 * older page makes it continue the one before, its sender line goes and the rows below it, the
 * ones being read, would move up by that line. A view inside the space of rows not rendered
 * (the scrollbar dragged far) takes the row `offsets` put there.
 */
export function captureAnchor(
  el: HTMLElement,
  rows: HTMLElement,
  keys: readonly string[],
  offsets: readonly number[],
): Anchor {
  if (el.scrollHeight - el.scrollTop - el.clientHeight < 2) return 'bottom'
  const box = el.getBoundingClientRect()
  let cut: Anchor | undefined
  for (const e of entryEls(rows)) {
    const key = e.dataset.vkey
    if (!key || isDivider(key) || e.getBoundingClientRect().bottom <= box.top) continue
    const offset = anchorTop(e) - box.top
    if (offset >= -0.5) {
      if (offset < box.height) return { key, offset }
      break
    }
    cut ??= { key, offset }
  }
  if (cut) return cut
  const view = box.top - rows.getBoundingClientRect().top
  let { start } = rangeOf(offsets, view, view)
  while (start < keys.length - 1 && isDivider(keys[start]!)) start++
  const key = keys[start]
  return key === undefined ? 'bottom' : { key, offset: offsets[start]! - view }
}

/** The rendered entries no longer cover the view and `margin` around it. */
export function needsWindow(
  el: HTMLElement,
  rows: HTMLElement,
  { start, end, n }: { start: number; end: number; n: number },
  margin: number,
) {
  const box = el.getBoundingClientRect()
  const els = entryEls(rows)
  const first = els[0]?.getBoundingClientRect().top ?? box.top
  const last = els.at(-1)?.getBoundingClientRect().bottom ?? box.top
  return (start > 0 && first > box.top - margin) || (end < n && last < box.bottom + margin)
}

/**
 * Calls `changed` when a rendered entry grows or shrinks after it rendered (an image, reactions,
 * a preview card). Entries that leave the DOM are let go, so the observer holds no old rows.
 */
export function watchRows(rows: HTMLElement, changed: () => void) {
  const observer = new ResizeObserver(changed)
  const watched = new Set<Element>()
  const sync = () => {
    for (const e of entryEls(rows)) if (!watched.has(e)) (watched.add(e), observer.observe(e))
    for (const e of watched) if (!e.isConnected) (watched.delete(e), observer.unobserve(e))
  }
  const children = new MutationObserver(sync)
  children.observe(rows, { childList: true })
  sync()
  return () => {
    observer.disconnect()
    children.disconnect()
  }
}

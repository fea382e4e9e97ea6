// A chunk of its own, started once the first room has settled (chat-room.tsx), for the
// page's life: keys before that move as the browser's own Tab does. Its listeners are the
// document's and look for the log at each event, so rooms come and go beneath them.

import { tabbables } from '../../lib/tabbables'

// Inside these a message's own keys apply: a menu's arrows, an editor's Tab to its buttons.
const OWN_KEYS = '.msg-menu, .msg-editor, input, textarea, select'
// A row the keys stop at: a message, or a notice with a control (a pin's, which shows its message).
const ROW = '.msg, .system-notice'

const rowsIn = (log: HTMLElement) =>
  [...log.querySelectorAll<HTMLElement>(ROW)].filter((row) => tabbables(row).length > 0)

// A message is reached at its "⋯" (Enter opens its menu); a row without one at its first control.
const handleOf = (row: HTMLElement | undefined) =>
  row && (row.querySelector<HTMLElement>('.msg-menu-button') ?? tabbables(row)[0])

/** The nearest tabbable outside the log, after it or before it in the page's order. */
function beside(log: HTMLElement, after: boolean) {
  const outside = tabbables(document).filter((el) => !log.contains(el))
  const side = after ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING
  const found = outside.filter((el) => log.compareDocumentPosition(el) & side)
  return after ? found[0] : found.at(-1)
}

/** Focuses a message's control and brings its whole entry (its "Seen" too) into view. */
function focusOn(el: HTMLElement) {
  el.focus({ preventScroll: true })
  ;(el.closest('[role=article]') ?? el.closest(ROW))?.scrollIntoView({ block: 'nearest' })
}

/**
 * Past the first row drawn, scrolling up draws (or loads) the ones before it; never so far that
 * the focused row leaves the view, and not at all at the room's beginning.
 */
function revealAbove(log: HTMLElement, row: HTMLElement) {
  const scroller = log.closest<HTMLElement>('.message-scroll')
  const drawn = log.querySelector<HTMLElement>('.log-rows')
  if (!scroller || !drawn) return
  const atStart = !!scroller.querySelector('.history-start') && drawn.style.paddingTop === '0px'
  const below = scroller.getBoundingClientRect().bottom - row.getBoundingClientRect().bottom
  if (!atStart) scroller.scrollBy(0, -Math.min(200, Math.max(0, below)))
}

/** Focuses the message after the one holding `from` (else the one before), as a deletion does. */
export function focusBeside(from: Element | null) {
  const row = from?.closest<HTMLElement>(ROW)
  const log = row?.closest<HTMLElement>('[role=log]')
  if (!row || !log) return
  const rows = rowsIn(log)
  const at = rows.indexOf(row)
  const to = handleOf(rows[at + 1]) ?? handleOf(rows[at - 1])
  if (to) focusOn(to)
}

/**
 * The message log is one stop of the Tab order, so the composer is one Tab away however long the
 * room: Tab into it lands on the message used last (else the newest), Tab out of it goes on past
 * it, ↑/↓ move between messages and the notices one can act on (loading older ones at the top)
 * and ←/→ between a message's own
 * controls (its links, files, reactions and "⋯").
 */
export function startLogKeys() {
  if (started) return
  started = true
  listen(() => document.querySelector<HTMLElement>('.message-log[role=log]'))
}
let started = false

function listen(logOf: () => HTMLElement | null) {
  let last: HTMLElement | null = null
  let tabbing = false
  const entry = (log: HTMLElement) =>
    last?.isConnected && log.contains(last) ? last : handleOf(rowsIn(log).at(-1))

  const onFocusIn = (e: FocusEvent) => {
    const log = logOf()
    const target = e.target as HTMLElement
    if (!log?.contains(target) || target === log || target.closest(OWN_KEYS)) return
    const from = e.relatedTarget as Node | null
    const to = tabbing && !(from && log.contains(from)) ? entry(log) : target
    if (to && to !== target) return focusOn(to)
    if (target.closest(ROW)) last = target
  }

  const onKeyDown = (e: KeyboardEvent) => {
    tabbing = e.key === 'Tab'
    const log = logOf()
    const target = e.target as HTMLElement
    if (!log?.contains(target) || target.closest(OWN_KEYS)) return
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
    const to = next(log, target, e)
    if (to === undefined) return
    e.preventDefault()
    if (to) focusOn(to)
  }

  // Only the Tab key's own move is a Tab into the log; a click or a script's focus is not.
  const notTabbing = () => (tabbing = false)
  document.addEventListener('focusin', onFocusIn)
  document.addEventListener('keydown', onKeyDown)
  document.addEventListener('keyup', notTabbing)
  document.addEventListener('pointerdown', notTabbing, true)

  /** Where a key moves the focus: an element, null for nowhere, undefined to leave it be. */
  function next(log: HTMLElement, target: HTMLElement, e: KeyboardEvent) {
    if (target === log) {
      const into = e.key === 'ArrowUp' || e.key === 'ArrowDown' || (e.key === 'Tab' && !e.shiftKey)
      return into ? entry(log) : undefined
    }
    const row = target.closest<HTMLElement>(ROW)
    if (!row) return undefined
    // The row itself has the focus after a jump ("Show in chat", a quote): Enter opens its menu,
    // as on its "⋯".
    if (target === row && e.key === 'Enter') {
      handleOf(row)?.click()
      return null
    }
    if (e.key === 'Tab') return beside(log, !e.shiftKey)
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const rows = rowsIn(log)
      const to = rows[rows.indexOf(row) + (e.key === 'ArrowUp' ? -1 : 1)]
      if (!to && e.key === 'ArrowUp') revealAbove(log, row)
      return handleOf(to) ?? null
    }
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const own = tabbables(row)
      return own[own.indexOf(target) + (e.key === 'ArrowLeft' ? -1 : 1)] ?? null
    }
    return undefined
  }
}

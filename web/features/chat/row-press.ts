import { uiState } from '../../state/ui-state'
import { activeChat } from './active-chat'
import { showInChat } from './jump-target'
import { startRowSwipe } from './row-swipe'

// A chunk of its own, started once the first room is drawn (chat-room.tsx), for the page's life:
// its listeners are the document's and find the message row at each event, so one set serves
// every row of every room, and the room's first script carries none of it. The swipe to answer
// (row-swipe.ts) starts with it.

const HOLD_MS = 500
// A finger that moves further is scrolling, not pressing.
const SLOP_PX = 10
// Controls of the row with a hold of their own meaning: the editor, the "⋯" and its menu, the
// reactions, a failed send's Retry.
const TOUCH_OWN = 'textarea, input, .msg-editor, .msg-actions, .reactions, .msg-failed'
// What a click in a search result does for itself: a link, a picture, a player, a control.
const CLICK_OWN = `${TOUCH_OWN}, a, button, video, audio, summary, [role=slider]`

const inside = (e: Event, what: string) => !!(e.target as Element).closest?.(what)

/** The message row of the log an event is in: only a stored message's has a menu to open. */
const rowOf = (e: Event) => {
  const row = (e.target as Element).closest?.<HTMLElement>('.message-log .msg')
  return row?.querySelector('.msg-menu-button') ? row : null
}

/**
 * Opens the row's menu (message-menu.tsx) as its "⋯" does, unless it is open already; a right
 * click's at the pointer (`data-at`, from the "⋯", read by use-panel-placement.ts).
 */
function open(row: HTMLElement, pointer?: MouseEvent) {
  const button = row.querySelector<HTMLButtonElement>('.msg-menu-button')
  if (!button || button.getAttribute('aria-expanded') === 'true') return
  const r = button.getBoundingClientRect()
  if (pointer) button.dataset.at = `${pointer.clientX - r.left},${pointer.clientY - r.top}`
  button.click()
}

/** Text selected in the row: the browser's menu, whose Copy takes just that text. */
function selecting(row: HTMLElement) {
  const sel = window.getSelection()
  return !!sel && !sel.isCollapsed && row.contains(sel.anchorNode) && row.contains(sel.focusNode)
}

/**
 * A right click on a message row opens its menu, and so does a finger held still on it for half
 * a second: Chrome on Android reports that hold as a context menu too, Safari on iOS does not. A
 * right click on a link or in a field keeps the browser's menu, and so does one on selected
 * text. A finger's hold opens it over a link or a picture too (their tap stays theirs), as phone
 * messengers do; not on the row's own controls.
 */
export function startRowPress() {
  if (started) return
  started = true
  startRowSwipe()
  let timer: ReturnType<typeof setTimeout> | undefined
  let from = { x: 0, y: 0 }
  let held = false
  let touching = false
  const stop = () => clearTimeout(timer)
  const hold = (row: HTMLElement) => {
    stop()
    held = true
    open(row)
  }
  document.addEventListener('contextmenu', (e) => {
    const row = rowOf(e)
    if (!row) return
    if (touching) {
      // Android's own hold: the menu once (the timer's or this), never the browser's.
      if (inside(e, TOUCH_OWN)) return
      e.preventDefault()
      if (!held) hold(row)
      return
    }
    if (inside(e, 'a, textarea, input') || selecting(row)) return
    e.preventDefault()
    // A keyboard's menu key (no pointer) opens it at the "⋯", as its Enter would.
    const kind = (e as Partial<PointerEvent>).pointerType // not in every browser's
    const mouse = kind === undefined ? e.button === 2 : kind === 'mouse'
    open(row, mouse ? e : undefined)
  })
  document.addEventListener('pointerdown', (e) => {
    held = false
    touching = e.pointerType === 'touch'
    const row = rowOf(e)
    if (!row || !touching || inside(e, TOUCH_OWN)) return
    from = { x: e.clientX, y: e.clientY }
    stop()
    timer = setTimeout(() => hold(row), HOLD_MS)
  })
  document.addEventListener('pointermove', (e) => {
    if (Math.hypot(e.clientX - from.x, e.clientY - from.y) > SLOP_PX) stop()
  })
  // The finger lifted after a hold: no tap follows, whose focus on the log would take it out of
  // the menu just opened (a screen reader's user would be left outside it).
  document.addEventListener(
    'touchend',
    (e) => {
      if (held && e.cancelable) e.preventDefault()
      held = false
    },
    { passive: false },
  )
  for (const type of ['pointerup', 'pointercancel'] as const) document.addEventListener(type, stop)
  // Searching, a click on a result opens the whole room at it, as its menu's "Show in chat" does
  // (a search's rows are a list of hits, as in Telegram's and WhatsApp's search), unless it ends
  // a selection of its text, is on something of its own, or closes an open menu. A moment later:
  // a double click selects a word instead.
  let menuAtDown = false
  let pending: ReturnType<typeof setTimeout> | undefined
  document.addEventListener('pointerdown', () => {
    menuAtDown = !!document.querySelector('.msg-menu')
  })
  document.addEventListener('click', (e) => {
    clearTimeout(pending)
    const row = rowOf(e)
    const id = row?.dataset.id
    const jump = activeChat.jumpTo
    if (!uiState.search || !row || !id || !jump || e.detail > 1 || menuAtDown) return
    if (inside(e, CLICK_OWN)) return
    pending = setTimeout(() => selecting(row) || showInChat(jump, id), DOUBLE_CLICK_MS)
  })
}
// A second click within this is a double click (the common default is 500; most come in 250).
const DOUBLE_CLICK_MS = 300
let started = false

import { activeChat } from './active-chat'
import { messageIntent, startReply } from './message-intent'

// A finger's swipe to the right on a message answers it, as in WhatsApp: the bubble follows the
// finger, and let go past REPLY_PX the composer quotes it. One set of the document's listeners
// (started with row-press.ts), finding the row at each touch. The log's rows leave sideways moves
// to the page (`touch-action: pan-y`, message.css); up and down still scroll.

const REPLY_PX = 64
// Past this the bubble stops following: the swipe is a gesture, not a drag.
const MAX_PX = 88
// A sideways move this long, before a move down as long (a scroll), is a swipe.
const START_PX = 12
// The screen's left edge is the system's back gesture.
const EDGE_PX = 24
// What a touch on the row does for itself: a field, a player's slider, the reactions, a code
// block's own sideways scroll.
const OWN = 'textarea, input, [role=slider], .msg-editor, .reactions, .msg-menu, .msg-code.block'

// Zoomed in (a pinch), one finger pans the page sideways: rows and the photo viewer give their
// sideways moves back to it (message.css, attachment.css), and no swipe starts.
const zoomed = () => (visualViewport?.scale ?? 1) > 1.01
const markZoom = () => document.documentElement.classList.toggle('zoomed', zoomed())

export function startRowSwipe() {
  markZoom()
  visualViewport?.addEventListener('resize', markZoom)
  let row: HTMLElement | null = null
  let from = { x: 0, y: 0 }
  let dx = 0
  let swiping = false
  const end = (reply: boolean) => {
    const id = row?.dataset.id
    if (row && swiping) {
      row.classList.remove('swiping', 'swipe-ready')
      row.style.removeProperty('translate')
      if (reply && dx >= REPLY_PX && id && activeChat.roomId) startReply(activeChat.roomId, id)
    }
    row = null
    swiping = false
  }
  document.addEventListener('pointerdown', (e) => {
    end(false)
    // A stored message that can be answered: a deleted one keeps its id but has no menu.
    const at = (e.target as Element).closest?.<HTMLElement>('.message-log .msg[data-id]')
    if (e.pointerType !== 'touch' || !at?.querySelector('.msg-menu-button')) return
    // An edit under way is not dropped for a reply by a swipe made by mistake.
    if (e.clientX < EDGE_PX || zoomed() || messageIntent.editingId) return
    if ((e.target as Element).closest(OWN)) return
    row = at
    from = { x: e.clientX, y: e.clientY }
    dx = 0
  })
  document.addEventListener('pointermove', (e) => {
    if (!row) return
    dx = e.clientX - from.x
    if (!swiping) {
      if (Math.abs(e.clientY - from.y) > START_PX) return end(false)
      if (dx < START_PX) return
      swiping = true
      row.classList.add('swiping')
    }
    row.style.translate = `${Math.min(Math.max(dx, 0), MAX_PX)}px 0`
    row.classList.toggle('swipe-ready', dx >= REPLY_PX)
  })
  document.addEventListener('pointerup', () => end(true))
  document.addEventListener('pointercancel', () => end(false))
}

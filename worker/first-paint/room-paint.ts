import { APP_VERSION, HOME_ROOM_ID, MESSAGE_MAX_LENGTH } from '../../shared/constants'
import { draftKey } from '../../shared/draft-key'
import { isNavActive, NAV_ITEMS, roomPath } from '../../shared/nav-model'
import { esc, icon, scriptSafeJson } from './markup'
import { logPaint } from './row-paint'
import { unreadScript } from './unread-paint'
import { historyStart, TEXTS } from '../../shared/texts'
import { composerPlaceholder } from '../../shared/text-format'
import type { Reaction } from '../../shared/reactions'
import type { Receipts } from '../../shared/receipts'
import type { Room } from '../../shared/room-list'
import { initials } from '../../shared/initials'
import { PRESENCE_LABELS, type Presence } from '../../shared/presence-label'

export const FIRST_PAINT_ID = 'first-paint'
/** The drawing's last element: the page is not rendered before it is parsed (first-load-html.ts). */
export const FIRST_PAINT_END_ID = 'first-paint-end'

const MENU = 'M4 6h16M4 12h16M4 18h16'
const SEARCH = 'm21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z'
const ATTACH =
  'M16.5 6.5 8.8 14.2a2 2 0 0 0 2.8 2.8l7.7-7.7a4 4 0 0 0-5.7-5.7L5.9 11.3a6 6 0 0 0 8.5 8.5l6.1-6.1'
const PLUS = 'M12 5v14M5 12h14'
const SEND = 'M4 12 20 4l-6 16-2.5-6.5z'
// Max 7 characters in the schema, but the paint writes it into a style attribute: a colour only.
const ROOM_COLOR = /^#[0-9a-f]{3,6}$/i

export type PaintInput = {
  meId: string
  roomId: string
  room: { name: string; color: string; isDeleted?: boolean } | null
  /** The sidebar's rooms, as web/features/rooms/room-list.tsx shows them (visibleRooms). */
  rooms: Room[]
  rows: unknown[]
  /** The room's read positions on the server: the reader's for the unread line, the partner's
   * and their delivery position for "Seen" and "Delivered". */
  receipts: Receipts
  /** The room's reactions, drawn under their messages. */
  reactions: Reaction[]
  zone: string
  /** Who is who, as the top bar shows them: the reader, and the partner if there is one yet. */
  me: Person
  chatee: Person | null
  /** The partner's presence while both share it (the admin's view of it comes with the SPA). */
  chateePresence: Presence | null
  /** GIF search is configured: the composer has its button. */
  gifs?: boolean
}

/** A name and the approved list whose avatar image goes with it. */
export type Person = { name: string; list?: string }

const colour = (c: string | undefined) => (c && ROOM_COLOR.test(c) ? c : '#4f46e5')

// The sidebar's list as room-list.tsx draws it; its unread and draft marks come with the SPA.
const roomList = (rooms: Room[], roomId: string) =>
  rooms.length === 0
    ? '<p class="sidebar-hint">No rooms yet.</p>'
    : `<ul class="room-list">${rooms
        .map(
          (r) =>
            `<li><a class="room-link${r.$id === roomId ? ' active' : ''}" href="${esc(roomPath(r.$id))}">` +
            `<span class="room-dot" style="background:${colour(r.color)}"></span>` +
            `<span class="room-name" title="${esc(r.name)}">${esc(r.name)}</span></a></li>`,
        )
        .join('')}</ul>`

const LISTS = new Set(['admin', 'special', 'other'])

// As web/features/layout/avatar.tsx draws it: the list's image (avatar.css), the initials over it.
const avatar = (px: number, { name, list }: Person) =>
  `<span class="avatar" data-list="${LISTS.has(list ?? '') ? list : 'other'}" style="width:${px}px;height:${px}px;font-size:${px * 0.4}px">` +
  `<span class="avatar-initials">${esc(initials(name))}</span></span>`

// As web/features/presence/chatee-header.tsx draws it; "last seen" comes with the SPA.
const chateePaint = (chatee: Person | null, presence: Presence | null) =>
  !chatee
    ? '<div class="chatee muted">No chat partner yet</div>'
    : `<div class="chatee"><span class="avatar-wrap">${avatar(36, chatee)}` +
      (presence ? `<span class="presence-dot ${presence}"></span>` : '') +
      `</span><span class="chatee-text"><span class="chatee-name">${esc(chatee.name)}</span>` +
      (presence
        ? `<span class="chatee-presence"><span class="presence-label ${presence}">${PRESENCE_LABELS[presence]}</span></span>`
        : '') +
      '</span></div>'

const nav = (path: string) =>
  NAV_ITEMS.map((item) => {
    const active = isNavActive(path, item.href)
    return `<li><a class="nav-link${active ? ' active' : ''}" href="${item.href}">${icon(item.icon)}<span>${item.label}</span></a></li>`
  }).join('')

/**
 * The drawn composer works before the app has run: it starts with the room's draft, as the SPA's
 * does; Enter (a new line on a touch screen, web/lib/enter-sends.ts) or the send button keeps the text, now read-only, as a message to send. What it
 * holds, the caret and that wish are taken over by the SPA's composer
 * (web/features/chat/use-drawn-composer.ts). It runs where it stands, after the composer it serves.
 */
const composerScript = (draft: string) =>
  `<script>(function () {
  var paint = document.getElementById('${FIRST_PAINT_ID}')
  var form = paint.querySelector('form.composer')
  var box = form.querySelector('textarea')
  var send = form.querySelector('[type=submit]')
  try { box.value = localStorage.getItem(${scriptSafeJson(draft)}) || '' } catch (e) {}
  var sync = function () { send.disabled = box.readOnly || !box.value.trim() }
  sync()
  box.addEventListener('input', function () { paint.setAttribute('data-edited', ''); sync() })
  box.addEventListener('keydown', function (e) {
    if (e.key !== 'Enter' || e.shiftKey || e.isComposing || matchMedia('(pointer: coarse)').matches) return
    e.preventDefault()
    form.requestSubmit()
  })
  form.addEventListener('submit', function (e) {
    e.preventDefault()
    if (!box.value.trim()) return
    paint.setAttribute('data-intent', 'send')
    box.readOnly = true
    sync()
  })
})()</script>`

/**
 * The signed-in room as the SPA will draw it (web/features/layout/signed-in-app.tsx and
 * web/features/chat/chat-room.tsx): the sidebar's fixed part, the top bar's search, the room's
 * name, its newest messages and the composer, with the same classes, so the same stylesheets lay
 * it out. Drawn by the Worker into the page it answers, it shows the messages as soon as the
 * document and its stylesheets are in, before any script; web/lib/first-load.ts takes it away
 * when the SPA's room is on screen. All but the composer's text box is inert and hidden from
 * assistive technology: nothing else in it works, and the SPA's own room is announced once it is
 * there. The marks of the room list and the partner's "last seen" come with the SPA.
 */
export function roomPaint(input: PaintInput): string {
  const { meId, roomId, room, rooms, rows, receipts, zone } = input
  const readSeq = receipts.own[roomId] ?? null
  const name = room?.name ?? (roomId === HOME_ROOM_ID ? 'Home' : 'Room')
  const path = roomId === HOME_ROOM_ID ? '/' : roomPath(roomId)
  const reader = { meId, roomId, receipts, reactions: input.reactions }
  const log = logPaint(rows, reader, zone, input.chatee?.name)
  const start =
    log.complete && log.count > 0 ? `<p class="history-start">${esc(historyStart(name))}</p>` : ''
  const empty = log.count === 0 ? '<p class="empty-chat">No messages yet. Say hello!</p>' : ''
  const off = 'inert aria-hidden="true"'
  return (
    `<div id="${FIRST_PAINT_ID}"><div class="app-shell">` +
    `<aside class="sidebar" ${off}><div class="sidebar-brand"><span class="brand-mark">K</span><span>Kathelia</span></div>` +
    `<nav><ul class="nav-list">${nav(path)}</ul></nav>` +
    `<section class="sidebar-rooms"><div class="sidebar-section-head"><h2>Rooms</h2><span class="icon-button">${icon(PLUS)}</span></div>${roomList(rooms, roomId)}</section>` +
    // The version as the SPA's footer has it (version-badge.tsx; the admin's is a link, alike).
    `<footer class="sidebar-footer"><span class="version-badge" title="Version">${APP_VERSION}</span></footer></aside>` +
    `<div class="app-main"><header class="top-bar" ${off}><button type="button" class="icon-button menu-button">${icon(MENU)}</button>` +
    chateePaint(input.chatee, input.chateePresence) +
    `<form class="search">${icon(SEARCH)}<input type="search" placeholder="Search messages" readonly></form>` +
    `<div class="profile-menu"><span class="profile-button">${avatar(32, input.me)}<span class="profile-name">${esc(input.me.name)}</span></span></div></header>` +
    '<main class="page"><section class="chat">' +
    `<header class="chat-head" ${off}>` +
    `<span class="room-dot" style="background:${colour(room?.color)}"></span><h1>${esc(name)}</h1></header>` +
    // Reversed, so the scroll starts at the newest row without a script; one child keeps the order.
    `<div class="message-area" ${off}><div class="message-scroll paint-scroll"><div class="paint-end">${start}` +
    `<div role="log" class="message-log">${empty}<div class="log-rows">${log.html}</div></div></div></div></div>` +
    `<div class="typing-indicator" ${off}></div>` +
    // A deleted room (drawn for the admin view only) is read, not answered: as the SPA has it.
    (room?.isDeleted
      ? `<p class="room-closed">${TEXTS.roomDeleted}</p>`
      : `<form class="composer" data-room="${esc(roomId)}"><button type="button" class="attach-button" ${off}>${icon(ATTACH)}</button>${input.gifs ? '<span class="gif-anchor"></span>' : ''}<span class="emoji-anchor"></span>` +
        `<textarea dir="auto" rows="1" maxlength="${MESSAGE_MAX_LENGTH}" placeholder="${esc(composerPlaceholder(name))}" aria-label="Message"></textarea>` +
        `<button type="submit" class="send-button" aria-label="Send message" disabled>${icon(SEND)}</button></form>`) +
    '</section></main></div></div>' +
    unreadScript(FIRST_PAINT_ID, meId, roomId, readSeq, log.complete) +
    (room?.isDeleted ? '' : composerScript(draftKey(meId, roomId))) +
    `<span id="${FIRST_PAINT_END_ID}" hidden></span></div>`
  )
}

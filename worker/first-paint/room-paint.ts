import { HOME_ROOM_ID } from '../../shared/constants'
import { isNavActive, NAV_ITEMS, roomPath } from '../../shared/nav-model'
import { esc, icon } from './markup'
import { logPaint } from './row-paint'

export const FIRST_PAINT_ID = 'first-paint'

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
  room: { name: string; color: string } | null
  rows: unknown[]
  zone: string
}

const avatar = (px: number) =>
  `<span class="avatar" style="width:${px}px;height:${px}px;font-size:${px * 0.4}px"></span>`

const nav = (path: string) =>
  NAV_ITEMS.map((item) => {
    const active = isNavActive(path, item.href)
    return `<li><a class="nav-link${active ? ' active' : ''}" href="${item.href}">${icon(item.icon)}<span>${item.label}</span></a></li>`
  }).join('')

/**
 * The signed-in room as the SPA will draw it (web/features/layout/signed-in-app.tsx and
 * web/features/chat/chat-room.tsx): the sidebar's fixed part, the top bar's search, the room's
 * name, its newest messages and the composer, with the same classes, so the same stylesheets lay
 * it out. Drawn by the Worker into the page it answers, it shows the messages as soon as the
 * document and its stylesheets are in, before any script; web/lib/first-load.ts takes it away
 * when the SPA's room is on screen. Inert and hidden from assistive technology: nothing in it
 * works, and the SPA's own room is announced once it is there. Who is who (avatars, the partner's
 * status) and the room list come with the SPA.
 */
export function roomPaint({ meId, roomId, room, rows, zone }: PaintInput): string {
  const name = room?.name ?? (roomId === HOME_ROOM_ID ? 'Home' : 'Room')
  const path = roomId === HOME_ROOM_ID ? '/' : roomPath(roomId)
  const log = logPaint(rows, meId, zone)
  const start =
    log.complete && log.count > 0
      ? `<p class="history-start">This is the beginning of ${esc(name)}.</p>`
      : ''
  const empty = log.count === 0 ? '<p class="empty-chat">No messages yet. Say hello!</p>' : ''
  return (
    `<div id="${FIRST_PAINT_ID}" inert aria-hidden="true"><div class="app-shell">` +
    `<aside class="sidebar"><div class="sidebar-brand"><span class="brand-mark">K</span><span>Kathelia</span></div>` +
    `<nav><ul class="nav-list">${nav(path)}</ul></nav>` +
    `<section class="sidebar-rooms"><div class="sidebar-section-head"><h2>Rooms</h2><span class="icon-button">${icon(PLUS)}</span></div></section></aside>` +
    `<div class="app-main"><header class="top-bar"><button type="button" class="icon-button menu-button">${icon(MENU)}</button>` +
    // The avatars' places, so the search box has its width; who is who comes with the SPA.
    `<div class="chatee"><span class="avatar-wrap">${avatar(36)}</span></div>` +
    `<form class="search">${icon(SEARCH)}<input type="search" placeholder="Search messages" readonly></form>` +
    `<div class="profile-menu"><span class="profile-button">${avatar(32)}</span></div></header>` +
    '<main class="page"><section class="chat"><header class="chat-head">' +
    `<span class="room-dot" style="background:${ROOM_COLOR.test(room?.color ?? '') ? room!.color : '#4f46e5'}"></span><h1>${esc(name)}</h1></header>` +
    // Reversed, so the scroll starts at the newest row without a script; one child keeps the order.
    `<div class="message-area"><div class="message-scroll paint-scroll"><div class="paint-end">${start}` +
    `<div role="log" class="message-log">${empty}<div class="log-rows">${log.html}</div></div></div></div></div>` +
    '<div class="typing-indicator"></div>' +
    `<form class="composer"><button type="button" class="attach-button">${icon(ATTACH)}</button>` +
    `<textarea rows="1" placeholder="Message ${esc(name)}" readonly></textarea>` +
    `<button type="button" class="send-button" disabled>${icon(SEND)}</button></form>` +
    '</section></main></div></div></div>'
  )
}

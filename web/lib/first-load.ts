import { TIME_ZONE_COOKIE } from '../../shared/constants'
import type { Reaction } from '../../shared/reactions'
import type { Receipts } from '../../shared/receipts'
import type { Room } from '../../shared/room-list'
import type { Flags as ServerFlags } from '../../shared/schemas'
import type { Account, GlobalState, Sharing, Status } from '../state/global-state'

/** What the Worker embedded in a signed-in navigation's index.html (worker/routes/first-load.ts). */
export type FirstLoadData = {
  account: Account
  jwt: string
  flags: ServerFlags
  chatee: GlobalState['chatee']
  status: Status | null
  chateeStatus: Status | null
  sharing: Sharing | null
  /** The rooms the user can read, deleted ones only for the admin, as the sidebar lists them. */
  rooms?: Room[]
  roomId: string
  rows: unknown[]
  /** That room's read and delivery positions on the server, the reader's and the partner's. */
  receipts: Receipts
  /** That room's reactions, when they are fewer than a page of the SPA's own read. */
  reactions?: Reaction[]
}

let data: FirstLoadData | null | undefined
let jwtTaken = false
let rowsTaken = false
let roomsTaken = false

/** The embedded data, read once; null on a visitor's page (the static file) or if unreadable. */
export function firstLoad(): FirstLoadData | null {
  if (data !== undefined) return data
  try {
    const element = document.getElementById('first-load')
    data = element?.textContent ? (JSON.parse(element.textContent) as FirstLoadData) : null
    // The JWT is kept in memory only (jwt.ts), not in the document for anything to read later.
    element?.remove()
  } catch {
    data = null
  }
  return data
}

/** The embedded JWT, once (it was minted for this page load; jwt.ts keeps it from there). */
export function takeFirstLoadJwt(): string | null {
  if (jwtTaken) return null
  jwtTaken = true
  return firstLoad()?.jwt ?? null
}

/** The open room's newest rows, once, for that room only: later reads go to the backend. */
export function takeFirstLoadRows(roomId: string): unknown[] | null {
  const d = firstLoad()
  if (rowsTaken || !d || d.roomId !== roomId) return null
  rowsTaken = true
  return d.rows
}

/** The sidebar's rooms, once: the admin's switch (off: no deleted rooms) picks the list's rows. */
export function takeFirstLoadRooms(isAdmin: boolean): Room[] | undefined {
  const rooms = firstLoad()?.rooms
  if (roomsTaken || !rooms) return undefined
  roomsTaken = true
  return isAdmin ? rooms : rooms.filter((r) => !r.isDeleted)
}

/**
 * What the first load read of the room: its receipts on the server (the reader's read position,
 * "Seen" and "Delivered" until the SPA's own receipts query has them), its reactions; undefined
 * when the first load did not bring that room.
 */
export function firstLoadOf<K extends 'receipts' | 'reactions'>(
  roomId: string,
  part: K,
): FirstLoadData[K] | undefined {
  const d = firstLoad()
  return d?.roomId === roomId ? d[part] : undefined
}

/**
 * Takes away what was drawn into the page before the SPA ran, once the SPA's own screen is there
 * to be seen: the room the Worker drew (worker/first-paint/) and the visitor's sign-in screen
 * (scripts/auth-paint.ts). Called by its room (chat-room.tsx) or any other screen (auth-gate.tsx).
 */
export function dropFirstPaint() {
  dropRoomPaint()
  document.getElementById('auth-paint')?.remove()
}

/** Takes away only the room the Worker drew: a signed-out page's own drawing stays. */
export function dropRoomPaint() {
  document.getElementById('first-paint')?.remove()
}

/** The visitor's drawn sign-in screen is on show (settleAuthPaint removed one still hidden). */
export const authPaintShown = () => !!document.getElementById('auth-paint')

/**
 * The app has started: a visitor's drawn sign-in screen (scripts/auth-paint.ts) that is not shown
 * by now never will be, or it could come up beside the app's own first screen (a spinner) when
 * the page's answer lands between the two. One that is shown stays until the SPA's screen
 * replaces it (dropFirstPaint).
 */
export function settleAuthPaint() {
  const paint = document.getElementById('auth-paint')
  if (paint?.hidden) paint.remove()
}

/**
 * Names the browser's time zone in a cookie, so the Worker's first paint writes message times
 * as this page does (worker/first-paint/time-zone.ts).
 */
export function rememberTimeZone() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const secure = location.protocol === 'https:' ? '; secure' : ''
    if (zone)
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`
  } catch {
    // No zone to name: the Worker writes the edge's guess, or UTC.
  }
}

// A field drawn into the page before the app ran (worker/first-paint/, scripts/auth-paint.ts)
// hands its caret to the SPA's field that replaces it, so typing goes on where it was. Here, in
// every page's first script, because both drawings' takeovers use it.
export type Caret = [start: number, end: number] | null

/** Where the caret is in `field`, when it has the focus (an email field has no position: null). */
export function caretIn(field: HTMLInputElement | HTMLTextAreaElement): Caret | undefined {
  if (document.activeElement !== field) return undefined
  return field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd!]
}

/** Focuses `field` with the caret where it was (`null`: wherever the browser puts it). */
export function placeCaret(field: HTMLInputElement | HTMLTextAreaElement | null, caret: Caret) {
  field?.focus({ preventScroll: true })
  if (caret) field?.setSelectionRange(...caret)
}

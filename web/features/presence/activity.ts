import { HOME_ROOM_ID, TYPING_EXPIRE_MS } from '../../../shared/constants'
import type { Activity, TypingKind } from '../../../shared/schemas'

// What the user is doing, sent with each heartbeat for the admin's view of the partner (spec §6).
// Coarse on purpose: the screen, typing, searching, or idle since the last input.

/** No key, click, scroll or touch for this long counts as idle. */
export const IDLE_AFTER_MS = 2 * 60_000

export type Observed = {
  path: string
  hidden: boolean
  hiddenAt: number
  lastInputAt: number
  typingAt: number
  typingRoomId: string | null
  /** What the last typing signal was about: keys, or a voice message being recorded. */
  typingKind?: TypingKind
  searching: boolean
  now: number
}

const roomOf = (path: string): string | undefined => {
  if (path === '/') return HOME_ROOM_ID
  const m = /^\/rooms\/([^/]+)\/?$/.exec(path)
  return m ? decodeURIComponent(m[1]) : undefined
}

/** The activity to report; undefined on a screen that is none of these (the last one stays). */
export function activityOf(o: Observed): Activity | undefined {
  const iso = (t: number) => new Date(t).toISOString()
  // Hidden after being idle already: idle since then, not only since it was hidden.
  if (o.hidden) {
    const idleBefore = o.hiddenAt - o.lastInputAt >= IDLE_AFTER_MS
    return { kind: 'idle', since: iso(idleBefore ? o.lastInputAt : o.hiddenAt) }
  }
  if (o.now - o.lastInputAt >= IDLE_AFTER_MS) return { kind: 'idle', since: iso(o.lastInputAt) }
  if (o.path === '/settings') return { kind: 'settings' }
  const roomId = roomOf(o.path)
  if (!roomId) return undefined
  if (o.typingRoomId === roomId && o.now - o.typingAt < TYPING_EXPIRE_MS)
    return { kind: o.typingKind === 'voice' ? 'recording' : 'typing', roomId }
  if (o.searching) return { kind: 'searching' }
  return { kind: 'reading', roomId }
}

const state = {
  hiddenAt: Date.now(),
  lastInputAt: Date.now(),
  typingAt: 0,
  typingRoomId: null as string | null,
  typingKind: 'text' as TypingKind,
  searching: false,
}

/** The composer sent a typing signal for this room (a recording's too). */
export function noteTyping(roomId: string, typingKind: TypingKind = 'text') {
  const now = Date.now()
  Object.assign(state, { typingAt: now, typingRoomId: roomId, typingKind, lastInputAt: now })
}

/** The room's search box holds a term (or no longer does). */
export const setSearching = (on: boolean) => {
  state.searching = on
}

/** The current activity of this tab. */
export const currentActivity = () =>
  activityOf({
    ...state,
    path: window.location.pathname,
    hidden: document.hidden,
    now: Date.now(),
  })

const INPUTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const

/** Watches input and visibility; returns the cleanup. */
export function trackActivity(): () => void {
  const onInput = () => {
    state.lastInputAt = Date.now()
  }
  const onVisibility = () => {
    if (document.hidden) state.hiddenAt = Date.now()
    else state.lastInputAt = Date.now()
  }
  for (const type of INPUTS) window.addEventListener(type, onInput, { passive: true })
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    for (const type of INPUTS) window.removeEventListener(type, onInput)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

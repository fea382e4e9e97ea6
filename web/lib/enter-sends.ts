import type { KeyboardEvent } from 'react'

/**
 * A touch screen is the primary pointer: its on-screen keyboard covers half the view when a text
 * box takes the focus, and it has no Shift+Enter.
 */
export const isTouchScreen = () => window.matchMedia('(pointer: coarse)').matches

/**
 * Whether a key press in a message box sends it: Enter does, Shift+Enter is a new line. On a
 * touch screen Enter is the new line and the send button sends, as in phone messengers (the
 * Worker's drawn composer follows the same rule, worker/first-paint/room-paint.ts).
 */
export const enterSends = (e: KeyboardEvent) =>
  e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !isTouchScreen()

import { TYPING_EXPIRE_MS, TYPING_SEND_INTERVAL_MS } from '../../../shared/constants'

/**
 * When to tell the server "typing": at most once per 3 s while keys are pressed (the receiver
 * drops the flag 10 s after the last signal), and "stopped" only if a signal may still be live.
 */
export function createTypingSignal(interval = TYPING_SEND_INTERVAL_MS, expire = TYPING_EXPIRE_MS) {
  let lastSent = -Infinity
  return {
    /** True when a keypress at `now` should send isTyping: true. */
    onInput(now: number): boolean {
      if (now - lastSent < interval) return false
      lastSent = now
      return true
    },
    /** True when sending (or clearing the input) at `now` should send isTyping: false. */
    onStop(now: number): boolean {
      const live = now - lastSent < expire
      lastSent = -Infinity
      return live
    },
  }
}

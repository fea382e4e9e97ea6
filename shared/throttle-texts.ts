// Apart from texts.ts, which the first script of every page carries: only lazy chunks (the auth
// actions, the recovery and password forms) say these.

/**
 * Not in the spec, which shows the backend's own words for a 429 ("Rate limit for the current
 * endpoint has been exceeded…"): what it means here, and the way out. A reset lifts a sign-in lock.
 */
export const THROTTLE_TEXTS = {
  signIn:
    'Too many failed sign-ins. Please wait a few minutes and try again, or reset your password with "Forgot password?".',
  tryLater: 'Too many attempts from here. Please try again later.',
} as const

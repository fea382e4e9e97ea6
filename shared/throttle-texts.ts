// Apart from texts.ts, which the first script of every page carries: only lazy chunks (the auth
// actions, the recovery and password forms) say these.

/**
 * Not in the spec, which shows the backend's own words for a 429 ("Rate limit for the current
 * endpoint has been exceeded…"): what it means here, and the way out. A reset lifts the account's
 * and its browser's sign-in lock (not the network's: worker/appwrite-edge/account/throttle.ts).
 */
export const THROTTLE_TEXTS = {
  signIn:
    'Too many failed sign-ins. Please wait a few minutes and try again; resetting your password with "Forgot password?" may let you in sooner.',
  tryLater: 'Too many attempts from here. Please try again later.',
} as const

// With its extension: the Vite config loads this file (scripts/auth-paint.ts), and Vite warns on
// every start about an import Node's own loader could not resolve.
import type { VerifyStepId } from './constants.ts'

// Exact user-facing texts of the product spec (sections 2, 4, 5 and 8).
export const TEXTS = {
  signInTitle: 'Sign in to your account',
  registerTitle: 'Create an account',
  forgotPassword: 'Forgot password?',
  verifying: 'Verifying your account',
  verified: 'Congratulations! Your account has been verified!',
  /** A verification link opened again, or one that expired (the backend's "Invalid token"). */
  verificationLinkUsed:
    'This verification link is no longer valid: it was already used, has expired or is incomplete. If your account is verified, sign in; if not, signing in offers to send a new link.',
  resent: 'The verification email has been resent. Please check your email again.',
  resendLink: 'Resend it.',
  unverifiedEmail: 'Please verify your email first before attempting to login to Kathelia',
  notAuthorized: 'Your account is not authorized to access our private space',
  unknownError: 'An unknown error occurred - please let the administrator know!',
  /** A request that failed while the browser has no network: not an error to report. */
  offline: 'You are offline. Please connect to the internet and try again.',
  /** A request that found no server (it is down, or the network lost it) while online. */
  unreachable: 'Kathelia could not be reached. Check your connection and try again.',
  createRoomTitle: 'Create a new room',
  /** In the composer's place in a deleted room (the admin view's, and the Worker's drawing). */
  roomDeleted: 'This room was deleted: its messages can be read, not answered.',
  // Not in the spec: a session ended elsewhere (e.g. a logout on another device ends them all).
  sessionEnded: 'You were signed out. Please sign in again.',
  sessionEndedTitle: 'Signed Out',
} as const

/** Over a room's first message; a name that ends in its own mark (`Plans!`) gets no full stop. */
export const historyStart = (room: string) =>
  `This is the beginning of ${room}${/[.!?…]$/.test(room) ? '' : '.'}`

/** Attachments (not in the spec): the composer refuses a file before uploading it. */
export const FILE_TEXTS = {
  tooLargeTitle: 'File too large',
  tooLarge: (name: string, size: string, max: string) =>
    `${name} is ${size}; the largest file you can send is ${max}.`,
  emptyTitle: 'Empty file',
  empty: (name: string) => `${name} is empty.`,
  uploadFailed: 'Upload failed.',
  tooManyTitle: 'Too many files',
  tooMany: (max: number) => `Up to ${max} files go at once: the others were left out.`,
} as const

/** Offline, a room whose messages this device does not keep (web/features/offline/). */
export const OFFLINE_ROOM =
  'This room is not saved on this device. Its messages will load when you are back online.'

/** The toast of a panel whose chunk did not come (web/lib/click-part.tsx), in the error page's words. */
export const PART_MISSING = {
  title: 'Not opened',
  body: (online: boolean) =>
    online
      ? 'Part of the app did not arrive. Try again.'
      : 'You are offline, and this part of the app is not on this device yet.',
}

/** Offline, a page's list not read yet (a query waits for the connection, web/lib/query-wait.tsx). */
export const offlineWait = (what: string) =>
  `You are offline. ${what} will load when you are back online.`

/** Added to the signed-out notice when messages were still unsent: they are kept for a retry. */
export const unsentKept = (n: number) =>
  n === 1
    ? 'Your unsent message is kept: retry it once you are signed in.'
    : `Your ${n} unsent messages are kept: retry them once you are signed in.`

/** What the verification landing shows for each step while it runs (spec section 4). */
export const VERIFY_STEP_LABELS = {
  'user-info': 'Looking up your account',
  log: 'Recording the verification',
  confirm: 'Confirming your email',
  teams: 'Joining Kathelia',
  status: 'Setting up your status',
} as const satisfies Record<VerifyStepId, string>

export const ERROR_TITLES = {
  login: 'Login',
  createRoom: 'Create Room',
  verification: 'Account Verification',
} as const

/**
 * Notices of a special user's activity (spec sections 1, 4, 6, 7; README "Notifications"): the
 * home room gets `<name> <text>`, the chat webhook `<prefix>: <name> <text>`. A tab closed (its
 * unload beacon) "closed the browser"; a hidden tab "is away"; a silent tab or a logout "is
 * offline".
 */
export const NOTICE_PREFIXES = {
  online: 'Online',
  offline: 'Offline',
  unverified: 'Unverified Email',
} as const
export const NOTICES = {
  online: { prefix: NOTICE_PREFIXES.online, text: 'is online' },
  away: { prefix: NOTICE_PREFIXES.offline, text: 'is away' },
  offline: { prefix: NOTICE_PREFIXES.offline, text: 'is offline' },
  closed: { prefix: NOTICE_PREFIXES.offline, text: 'closed the browser' },
  unverified: {
    prefix: NOTICE_PREFIXES.unverified,
    text: 'tried to log in with an unverified email',
  },
} as const

/** The recovery screen's title, which the sign-in screen's "Forgot password?" view shares. */
export const RECOVERY_TITLE = 'Reset your password'

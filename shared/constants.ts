// Business constants of the product spec (section 9) and values both sides must agree on.
export const APP_NAME = 'Kathelia'
export const APP_VERSION = '1.0.7'
export const RELEASE = `kathelia@${APP_VERSION}`
/** The release's tag page in the configured repository (REPOSITORY_URL). */
export const releaseTagUrl = (repositoryUrl: string) =>
  `${repositoryUrl.replace(/\/+$/, '')}/releases/tag/v${APP_VERSION}`

export const PASSWORD_MIN_LENGTH = 8
// Upper bound so a hash request cannot be used for CPU exhaustion (Appwrite allows 256).
export const PASSWORD_MAX_LENGTH = 256

/** The longest message text: the column, the API's checks and every composer. */
export const MESSAGE_MAX_LENGTH = 4000
/** Files one pick (or drop, or paste) attaches at most, each sent as a message of its own. */
export const FILES_PER_PICK = 10
export const MESSAGES_PER_BATCH = 100
export const SCANS_PER_BATCH = 100
export const MESSAGE_GAP_MINUTES = 15
/** A room's notifications share one tag: each replaces the last, and reading closes them. */
export const roomTag = (roomId: string) => `room:${roomId}`
export const TYPING_SEND_INTERVAL_MS = 3_000
export const TYPING_EXPIRE_MS = 10_000

/** The approved lists an email can be on; each has its own avatar image (spec section 3). */
export const AVATAR_LISTS = ['admin', 'special', 'other'] as const
export type AvatarList = (typeof AVATAR_LISTS)[number]

export const DEVICE_TYPES = ['Mobile', 'Tablet', 'Desktop', 'Others'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]

export const DATE_FORMATS = {
  date: 'MMMM d, yyyy',
  datetime: 'MMMM d, yyyy hh:mm:ss aa',
  messageTime: 'h:mm aaa',
  dayDivider: 'EEEE, MMMM d, yyyy',
} as const

export const STORAGE_KEY = 'global-state'

/** Settings → Appearance: System follows the device, Light and Dark override it. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
/** The device's theme choice (no secret); index.html reads it before the first paint. */
export const THEME_STORAGE_KEY = 'kathelia-theme'
/** Appwrite's limit for an account name (PATCH /v1/account/name). */
export const NAME_MAX_LENGTH = 128
export const HOME_ROOM_ID = 'home'

export const QUERY_DEFAULTS = {
  retry: 3,
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
  gcTimeMs: 5 * 60_000,
} as const

export const TOAST_AUTO_CLOSE_MS = 5_000
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024

export const MONITORING = {
  tunnel: '/monitoring',
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 0,
} as const

export const PREFERENCES = { blur: 0, loopVideos: false } as const

/** The verification steps of spec section 4, in order (labels in texts.ts). */
export const VERIFY_STEPS = ['user-info', 'log', 'confirm', 'teams', 'status'] as const
export type VerifyStepId = (typeof VERIFY_STEPS)[number]

/** How long after sending a message its sender may still edit it (issue 14). */
export const EDIT_WINDOW_MS = 24 * 60 * 60 * 1000

/** Pinned messages a room's bar holds, as WhatsApp's: a pin past them unpins the oldest. */
export const PIN_LIMIT = 3
/** Most links one POST /api/link-check asks about (a message with more checks its first ones). */
export const MAX_LINK_CHECK_URLS = 20

/** The cookie in which the SPA names the browser's time zone for the Worker's first paint. */
export const TIME_ZONE_COOKIE = 'kathelia-tz'

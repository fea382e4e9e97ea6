import { HOME_ROOM_ID } from '../../shared/constants'
import { isConflict, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { sendWebhook, WEBHOOK_PREFIXES, type WebhookPrefix } from './webhook'

export type NoticeKind = 'online' | 'away' | 'offline' | 'unverified'

// The texts (documented in the README of the API): the home room gets the message, the webhook
// gets `prefix: message`, e.g. "Online: Ben is online", "Offline: Ben is away".
const NOTICES: Record<
  NoticeKind,
  { prefix: WebhookPrefix; text: (who: string, email: string) => string }
> = {
  online: { prefix: WEBHOOK_PREFIXES.online, text: (who) => `${who} is online` },
  away: { prefix: WEBHOOK_PREFIXES.offline, text: (who) => `${who} is away` },
  offline: { prefix: WEBHOOK_PREFIXES.offline, text: (who) => `${who} is offline` },
  unverified: {
    prefix: WEBHOOK_PREFIXES.unverified,
    text: (who, email) => `${who} (${email}) tried to log in with an unverified email`,
  },
}

export const SYSTEM_SENDER = 'system'

/** Activity is announced only for special addresses, and never for the admin (spec §5, §6). */
export function isAnnounced(config: Config, email: string): boolean {
  const e = email.toLowerCase()
  return config.SPECIAL_EMAILS.includes(e) && e !== config.ADMIN_EMAIL
}

export function noticeText(kind: NoticeKind, user: Pick<BackendUser, 'name' | 'email'>) {
  const n = NOTICES[kind]
  return { prefix: n.prefix, message: n.text(user.name.trim() || user.email, user.email) }
}

/**
 * Announces one event: a system message in the home room and the chat webhook. Meant for
 * waitUntil; never throws, so neither a failing backend write nor the webhook reaches the user.
 *
 * With a `key`, the home-room row is also the claim on the announcement: (senderId, clientId) is
 * a unique index, so when several requests announce the same transition (two tabs coming online
 * at once) the backend stores one row and answers the others 409, and only the request whose row
 * was stored posts the webhook. This works alike on both adapters, with no lock of our own.
 */
export async function announce(
  backend: BackendPort,
  config: Config,
  kind: NoticeKind,
  user: Pick<BackendUser, '$id' | 'name' | 'email'>,
  key?: string,
): Promise<void> {
  if (!isAnnounced(config, user.email)) return
  const { prefix, message } = noticeText(kind, user)
  try {
    await backend.createRow('messages', 'unique()', {
      roomId: HOME_ROOM_ID,
      message,
      senderId: SYSTEM_SENDER,
      kind: 'system',
      ...(key ? { clientId: key } : {}),
    })
  } catch (err) {
    if (key && isConflict(err)) return
    // Not stored for another reason: the webhook still goes out (at least once beats never).
    console.error('home room notice failed:', err)
  }
  await sendWebhook(config, prefix, message)
}

/** The claim key of one announced transition: the same for every request that races to make it. */
export async function noticeKey(userId: string, kind: NoticeKind, since: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${userId}\n${kind}\n${since}`)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  // clientId holds 36 characters.
  return (
    'p' +
    [...digest]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .slice(0, 35)
  )
}

// Unverified sign-ins are announced at most once per user per window, per isolate, so a client
// retrying in a loop cannot flood the room and the webhook.
const lastUnverified = new Map<string, number>()

export function announceUnverified(
  backend: BackendPort,
  config: Config,
  user: BackendUser,
  now = Date.now(),
): Promise<void> | undefined {
  const windowMs = config.PRESENCE_GRACE_SECONDS * 1000
  const last = lastUnverified.get(user.$id)
  if (last !== undefined && now - last < windowMs) return undefined
  if (lastUnverified.size > 1000) lastUnverified.clear()
  lastUnverified.set(user.$id, now)
  return announce(backend, config, 'unverified', user)
}

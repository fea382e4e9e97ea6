import { HOME_ROOM_ID } from '../../shared/constants'
import type { BackendPort, BackendUser } from '../backend'
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
 */
export async function announce(
  backend: BackendPort,
  config: Config,
  kind: NoticeKind,
  user: Pick<BackendUser, '$id' | 'name' | 'email'>,
): Promise<void> {
  if (!isAnnounced(config, user.email)) return
  const { prefix, message } = noticeText(kind, user)
  await Promise.all([
    backend
      .createRow('messages', 'unique()', {
        roomId: HOME_ROOM_ID,
        message,
        senderId: SYSTEM_SENDER,
        kind: 'system',
      })
      .catch((err) => console.error('home room notice failed:', err)),
    sendWebhook(config, prefix, message),
  ])
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

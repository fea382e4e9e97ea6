import { HOME_ROOM_ID } from '../../shared/constants'
import { NOTICES } from '../../shared/texts'
import { isConflict, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { stableId } from '../lib/stable-id'
import { sendWebhook } from './webhook'
import { pushToOthers, roomPayload } from './push/deliver'

export type NoticeKind = keyof typeof NOTICES

export const SYSTEM_SENDER = 'system'

/** Activity is announced only for special addresses, and never for the admin (spec §5, §6). */
export function isAnnounced(config: Config, email: string): boolean {
  const e = email.toLowerCase()
  return config.SPECIAL_EMAILS.includes(e) && e !== config.ADMIN_EMAIL
}

export function noticeText(kind: NoticeKind, user: Pick<BackendUser, 'name' | 'email'>) {
  const who = user.name.trim() || user.email
  // An unverified login also names the address: a self-chosen name alone says little.
  const subject = kind === 'unverified' ? `${who} (${user.email})` : who
  return { prefix: NOTICES[kind].prefix, message: `${subject} ${NOTICES[kind].text}` }
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
  // Not stored for another reason than a claim lost: the webhook still goes out (at least once
  // beats never).
  if ((await postHomeNotice(backend, message, key)) === 'duplicate') return
  // The partner's devices get it too (Web Push), as the webhook does.
  await Promise.all([
    sendWebhook(config, prefix, message),
    pushToOthers(backend, config, user.$id, roomPayload(HOME_ROOM_ID, 'Kathelia', message)),
  ])
}

/**
 * A system notice in the home room. Never throws: a failed write is logged and answered
 * 'failed'; with a claim `key` another request's row for it answers 'duplicate'.
 */
export async function postHomeNotice(
  backend: BackendPort,
  message: string,
  key?: string,
): Promise<'stored' | 'duplicate' | 'failed'> {
  try {
    await backend.createRow('messages', 'unique()', {
      roomId: HOME_ROOM_ID,
      message,
      senderId: SYSTEM_SENDER,
      kind: 'system',
      ...(key ? { clientId: key } : {}),
    })
    return 'stored'
  } catch (err) {
    if (key && isConflict(err)) return 'duplicate'
    console.error('home room notice failed:', err)
    return 'failed'
  }
}

/** The claim key of one announced transition: the same for every request that races to make it. */
export const noticeKey = (userId: string, kind: NoticeKind, since: string) =>
  stableId('p', userId, kind, since)

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

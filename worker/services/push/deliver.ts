import { HOME_ROOM_ID, roomTag } from '../../../shared/constants'
import { clip } from '../../../shared/text-format'
import type { PushPayload } from '../../../shared/schemas'
import { q, type BackendPort, type Row, type RowList } from '../../backend'
import type { Config } from '../../config'
import { presenceTimings } from '../presence'
import type { StatusData } from '../status'
import { retryAfterMs } from '../webhook'
import { endpointAllowed, vapidOf } from './push-config'
import { pushRequest, type VapidKeys } from './web-push'

export type SubscriptionData = {
  userId: string
  endpoint: string
  p256dh: string
  auth: string
  device: string | null
}
export type SubscriptionRow = Row<SubscriptionData>

const MAX_ATTEMPTS = 3
// waitUntil gives about 30 s after the response; never sleep longer than this per retry.
const MAX_WAIT_MS = 20_000
const MAX_BODY = 500

/** A tab of the user is visible: its last report was "online" and its heartbeats are on time. */
export async function hasVisibleTab(
  backend: BackendPort,
  config: Config,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await backend.getRow<StatusData>('status', userId)
  if (row?.presence !== 'online' || !row.lastSeenAt) return false
  return now - Date.parse(row.lastSeenAt) < presenceTimings(config).graceMs
}

export const roomUrl = (roomId: string) =>
  roomId === HOME_ROOM_ID ? '/' : `/rooms/${encodeURIComponent(roomId)}`

/** The notification of one message or notice in a room; `tag` collapses a room's burst. */
export function roomPayload(roomId: string, title: string, text: string): PushPayload {
  return { title, body: clip(text, MAX_BODY), tag: roomTag(roomId), url: roomUrl(roomId), roomId }
}

/** The list pushToOthers reads (a route may read it beforehand, in its own round trip). */
export const SUBSCRIPTIONS_LIST = { table: 'push_subscriptions' as const, queries: [q.limit(100)] }

/**
 * Pushes `payload` to every subscription of every user but `exceptUserId` who has no visible
 * tab; `listed` is SUBSCRIPTIONS_LIST when already read. Meant for waitUntil; never throws.
 * Without VAPID keys there is nothing to do, and no task: undefined.
 */
export function pushToOthers(
  backend: BackendPort,
  config: Config,
  exceptUserId: string,
  payload: PushPayload | (() => PushPayload),
  listed?: RowList<unknown>,
): Promise<void> | undefined {
  const vapid = vapidOf(config)
  // Made only when there is somewhere to push it (a send's is the text read without markers).
  const made = () => (typeof payload === 'function' ? payload() : payload)
  return vapid && pushWith(vapid, backend, config, exceptUserId, made(), listed)
}

async function pushWith(
  vapid: VapidKeys,
  backend: BackendPort,
  config: Config,
  exceptUserId: string,
  payload: PushPayload,
  listed?: RowList<unknown>,
): Promise<void> {
  try {
    const { table, queries } = SUBSCRIPTIONS_LIST
    const { rows } =
      (listed as RowList<SubscriptionData> | undefined) ??
      (await backend.listRows<SubscriptionData>(table, queries))
    const byUser = new Map<string, SubscriptionRow[]>()
    for (const r of rows)
      if (r.userId !== exceptUserId) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r])
    await Promise.all(
      [...byUser].map(async ([userId, subs]) => {
        if (await hasVisibleTab(backend, config, userId)) return
        await Promise.all(subs.map((s) => deliver(backend, config, vapid, s, payload)))
      }),
    )
  } catch (err) {
    console.error('push failed:', err)
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * One subscription: 404/410 (gone) deletes it; network errors, 429 and 5xx are retried (at most
 * 3 attempts), waiting Retry-After when given, else 1 s then 2 s. Returns whether it arrived.
 */
export async function deliver(
  backend: BackendPort,
  config: Config,
  vapid: VapidKeys,
  sub: SubscriptionRow,
  payload: PushPayload,
): Promise<boolean> {
  if (!endpointAllowed(config, sub.endpoint)) return false
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let wait: number | undefined
    try {
      // A new request per attempt: a fresh VAPID token and encryption, and an unread body.
      const res = await fetch(await pushRequest(sub, payload, vapid), {
        signal: AbortSignal.timeout(10_000),
      })
      await res.body?.cancel()
      if (res.ok) return true
      if (res.status === 404 || res.status === 410) {
        await backend.deleteRow('push_subscriptions', sub.$id).catch(() => undefined)
        return false
      }
      if (res.status !== 429 && res.status < 500) {
        console.error(`push service refused a notification (${res.status})`)
        return false
      }
      wait = retryAfterMs(res.headers.get('retry-after'))
    } catch (err) {
      console.warn('push service unreachable:', err instanceof Error ? err.message : err)
    }
    if (attempt < MAX_ATTEMPTS)
      await sleep(Math.min(wait ?? 1000 * 2 ** (attempt - 1), MAX_WAIT_MS))
  }
  console.error(`push failed after ${MAX_ATTEMPTS} attempts`)
  return false
}

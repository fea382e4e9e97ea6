import type { PresenceState } from '../../shared/schemas'
import { q, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { announce, noticeKey, type NoticeKind } from './notifier'
import {
  ensureStatusRow,
  splitPatch,
  type DetailsData,
  type DetailsRow,
  type StatusData,
  type StatusPatch,
  type StatusRow,
} from './status'

/*
 * Presence model. `presence` is what the client last reported (visible tab → online, hidden →
 * away, logout/pagehide beacon → offline); `lastSeenAt` is stamped on every report. `announced`
 * is the state last announced. Going online is announced at once when `announced` differs.
 * Going away/offline is announced only by the cron sweep, after PRESENCE_GRACE_SECONDS without a
 * report, so a reload (beacon "offline", then "online" a second later) or a quick tab switch
 * announces nothing. A visible tab whose heartbeats stop (crash, lost network) counts as offline.
 */

export const nowIso = () => new Date().toISOString()

/** A transition to announce, with its claim key (see announce in notifier.ts). */
export type PendingNotice = { kind: NoticeKind; key: string }

/*
 * Concurrent reports (two tabs, a heartbeat racing a visibility change) may all read "not yet
 * announced online". They then all derive the same key from the transition they saw (the row's
 * `announcedAt`, or its creation for a row never announced), so only one announcement is stored
 * and sent; a later transition changes `announcedAt` and so the key.
 */
const transitionOf = (row: StatusRow) => row.announcedAt ?? row.$createdAt

/**
 * Writes a client report; returns the status row, the details row when the report carried
 * details, and the notice to send (online only).
 */
export async function reportPresence(
  backend: BackendPort,
  userId: string,
  patch: StatusPatch,
  presence?: PresenceState,
): Promise<{ row: StatusRow; details?: DetailsRow; notice?: PendingNotice }> {
  let current = await backend.getRow<StatusData>('status', userId)
  const now = nowIso()
  const split = splitPatch(patch)
  const data: Partial<StatusData> = { ...split.status, lastSeenAt: now }
  let notice: PendingNotice | undefined
  if (presence) {
    data.presence = presence
    data.isOnline = presence === 'online'
    if (presence !== 'online') data.isTyping = false
    if (presence === 'online' && current?.announced !== 'online') {
      current ??= (await ensureStatusRow(backend, userId)).row
      if (current.announced !== 'online') {
        data.announced = 'online'
        data.announcedAt = now
        notice = { kind: 'online', key: await noticeKey(userId, 'online', transitionOf(current)) }
      }
    }
  }
  // Details first: a partner's realtime status event then never comes before the details.
  const details = Object.keys(split.details).length
    ? await backend.upsertRow<DetailsData>('status_details', userId, split.details)
    : undefined
  const row = await backend.upsertRow<StatusData>('status', userId, data)
  return { row, details, notice }
}

/** Cron: users silent for longer than the grace period become away/offline, announced once. */
export async function sweepPresence(backend: BackendPort, config: Config, now = Date.now()) {
  const cutoff = now - config.PRESENCE_GRACE_SECONDS * 1000
  const { rows } = await backend.listRows<StatusData>('status', [q.limit(100)])
  const announcements: Promise<void>[] = []
  let changed = 0
  for (const row of rows) {
    const seen = row.lastSeenAt ? Date.parse(row.lastSeenAt) : NaN
    if (Number.isNaN(seen) || seen > cutoff) continue
    const effective: PresenceState = row.presence === 'away' ? 'away' : 'offline'
    const update: Partial<StatusData> = {}
    if (row.isOnline) update.isOnline = false
    if (row.isTyping) update.isTyping = false
    if (row.presence !== effective) update.presence = effective
    // Someone never announced online has nothing to take back.
    const notice = row.announced && row.announced !== effective ? effective : undefined
    if (notice) {
      update.announced = effective
      update.announcedAt = new Date(now).toISOString()
    }
    if (!Object.keys(update).length) continue
    // A report may have landed since the list: read the row again so a user who just came back
    // is not marked offline (the port has no conditional write; this leaves one round trip open).
    const fresh = await backend.getRow<StatusData>('status', row.$id)
    if (fresh?.lastSeenAt !== row.lastSeenAt) continue
    changed++
    await backend.updateRow<StatusData>('status', row.$id, update)
    if (notice) {
      // Keyed like reports, so two overlapping sweeps announce a transition once.
      const key = await noticeKey(row.$id, notice, transitionOf(row))
      announcements.push(
        backend.getUser(row.$id).then((user?: BackendUser) => {
          if (user) return announce(backend, config, notice, user, key)
        }),
      )
    }
  }
  await Promise.all(announcements)
  return { checked: rows.length, changed }
}

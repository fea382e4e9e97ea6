import type { PresenceState } from '../../shared/schemas'
import { q, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { announce, noticeKey, type NoticeKind } from './notifier'
import { presenceTimings, transitionOf } from './presence'
import type { StatusData } from './status'

// The cron side of the presence model described in presence.ts.

const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN)

/** What a row has become once its last report is older than the grace period; else undefined. */
export function settledPresence(
  row: Pick<StatusData, 'presence' | 'lastSeenAt' | 'aliveAt'>,
  now: number,
  timings: ReturnType<typeof presenceTimings>,
): PresenceState | undefined {
  const seen = timeOf(row.lastSeenAt)
  if (Number.isNaN(seen) || now - seen <= timings.graceMs) return undefined
  const alive = Math.max(seen, timeOf(row.aliveAt) || 0)
  // The hidden tab that reported away, or one that has beaten since the last report (the
  // visible tab crashed, or closed, while another stayed open in the background).
  const hiddenTab = row.presence === 'away' || alive > seen
  return hiddenTab && now - alive <= timings.awayLimitMs ? 'away' : 'offline'
}

const PAGE = 100

/** Every status row, a page at a time (a list answers at most 100), in the backend's own order. */
async function* statusRows(backend: BackendPort) {
  let after: string | undefined
  for (;;) {
    const { rows } = await backend.listRows<StatusData>('status', [
      q.limit(PAGE),
      ...(after ? [q.cursorAfter(after)] : []),
    ])
    yield* rows
    if (rows.length < PAGE) return
    after = rows[rows.length - 1].$id
  }
}

/** Cron: users silent for longer than the grace period become away/offline, announced once. */
export async function sweepPresence(backend: BackendPort, config: Config, now = Date.now()) {
  const timings = presenceTimings(config)
  const announcements: Promise<void>[] = []
  let checked = 0
  let changed = 0
  for await (const row of statusRows(backend)) {
    checked++
    const effective = settledPresence(row, now, timings)
    if (!effective) continue
    const update: Partial<StatusData> = {}
    if (row.isOnline) update.isOnline = false
    if (row.isTyping) update.isTyping = false
    if (row.presence !== effective) update.presence = effective
    // Someone never announced online has nothing to take back. A tab that said it was closing
    // "closed the browser"; one that fell silent, or a logout, "is offline".
    const closed = effective === 'offline' && row.presence === 'offline' && row.closed === true
    const notice: NoticeKind | undefined =
      row.announced && row.announced !== effective ? (closed ? 'closed' : effective) : undefined
    if (notice) {
      update.announced = effective
      update.announcedAt = new Date(now).toISOString()
    }
    if (!Object.keys(update).length) continue
    // A report or heartbeat may have landed since the list: the write holds only while the row
    // is as listed, so a user who just came back is not marked offline.
    const { written } = await backend.updateRowIf<StatusData>('status', row.$id, update, [
      { field: 'lastSeenAt', equals: row.lastSeenAt ?? null },
      { field: 'aliveAt', equals: row.aliveAt ?? null },
    ])
    if (!written) continue
    changed++
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
  return { checked, changed }
}

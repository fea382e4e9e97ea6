import type { PresenceState } from '../../shared/schemas'
import type { FieldCondition } from '../appwrite-edge/batch'
import type { BackendPort, BackendUser } from '../backend'
import type { Config } from '../config'
import { noticeKey, type NoticeKind } from './notifier'
import { lacksGrants, type ProfileData } from './presence-sharing'
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
 * Presence model. `presence` is what a tab last reported (visible → online, hidden → away,
 * logout or pagehide beacon → offline, `closed` telling those two apart) and `lastSeenAt` when;
 * `aliveAt` is the last sign of life of any tab, hidden tabs' slow heartbeats included.
 * `announced` is the state last announced. Going online is announced at once when `announced`
 * differs. Going away/offline is announced only by the cron sweep, after the grace period without
 * a report, so a reload (beacon "offline", then "online" a second later) or a quick tab switch
 * announces nothing. A visible tab whose heartbeats stop (crash, lost network) counts as offline;
 * a hidden one as away until it has been silent for the longer away limit (closed laptop, frozen
 * or killed tab), then offline. `visibleTabs` lists the tabs in view (each with its last visible
 * report, so a tab that died in view drops out after the grace period): while another is listed,
 * a tab's hiding or closing leaves its user online.
 */

/** The presence timings, all derived from PRESENCE_GRACE_SECONDS (README, "Product API and notifications"). */
export function presenceTimings(config: Pick<Config, 'PRESENCE_GRACE_SECONDS'>) {
  const graceMs = config.PRESENCE_GRACE_SECONDS * 1000
  // Browsers throttle a hidden tab's timers (Chrome: to about once a minute after 5 minutes), so
  // a hidden tab counts as gone only after a much longer silence.
  const awayLimitMs = Math.max(5 * graceMs, 5 * 60_000)
  return {
    graceMs,
    awayLimitMs,
    // A third of the grace period leaves room for one lost heartbeat.
    intervalMs: Math.floor(graceMs / 3),
    // At most 4 min (+1 of throttling): the SPA renews its 15-minute JWT 5 min before expiry,
    // so the token a closing hidden tab sends with its beacon is still valid.
    hiddenIntervalMs: Math.min(Math.floor(awayLimitMs / 3), 4 * 60_000),
  }
}

export const nowIso = () => new Date().toISOString()

/** A transition to announce, with its claim key (see announce in notifier.ts). */
export type PendingNotice = { kind: NoticeKind; key: string }

/*
 * Concurrent reports (two tabs, a heartbeat racing a visibility change) may all read "not yet
 * announced online". They then all derive the same key from the transition they saw (the row's
 * `announcedAt`, or its creation for a row never announced), so only one announcement is stored
 * and sent; a later transition changes `announcedAt` and so the key.
 */
export const transitionOf = (row: StatusRow) => row.announcedAt ?? row.$createdAt

/** How a report gets the current status row: read beside the caller check, or asked for now. */
type ReadStatus = () => Promise<StatusRow | undefined>

/**
 * Writes a client report; returns the status row, the details row when the report carried
 * details, the notice to send (online only) and `regrant` when the row was just created or
 * predates the presence grants (the caller then runs syncSharing). `beacon`: the report is a
 * closing tab's last word. `read`: the row as read beside the caller check (routes' prefetch).
 */

export async function reportPresence(
  backend: BackendPort,
  user: Pick<BackendUser, '$id' | 'name'>,
  patch: StatusPatch,
  presence?: PresenceState,
  o: { beacon?: boolean; tab?: string; read?: ReadStatus; graceMs?: number } = {},
): Promise<{ row: StatusRow; details?: DetailsRow; notice?: PendingNotice; regrant: boolean }> {
  const { beacon = false, tab, read, graceMs = DEFAULT_GRACE_MS } = o
  const userId = user.$id
  let current = await (read ?? (() => backend.getRow<StatusData>('status', userId)))()
  if (current && closedBefore(current, tab, beacon)) return { row: current, regrant: false }
  const now = nowIso()
  const split = splitPatch(patch)
  // The name comes from the verified account, never from the report.
  const data: Partial<StatusData> = {
    ...split.status,
    name: user.name,
    lastSeenAt: now,
    aliveAt: now,
  }
  let notice: PendingNotice | undefined
  let created = false
  if (presence) {
    const tabs = tabsInView(current, tab, presence === 'online', graceMs)
    data.visibleTabs = tabs.length ? JSON.stringify(Object.fromEntries(tabs)) : null
    // Another tab of the user is still in view: this one's hiding or closing is no news.
    if (presence !== 'online' && tabs.length) presence = 'online'
    Object.assign(data, presenceFields(presence, beacon))
    if (data.closed || (beacon && tab)) data.closedTab = tab ?? null
    if (presence === 'online' && current?.announced !== 'online') {
      if (!current) ({ row: current, created } = await ensureStatusRow(backend, userId))
      if (current.announced !== 'online') {
        data.announced = 'online'
        data.announcedAt = now
        notice = { kind: 'online', key: await noticeKey(userId, 'online', transitionOf(current)) }
      }
    }
  }
  // The partner reads the name from the profile, whatever the presence grants.
  if (current?.name !== user.name)
    await backend.upsertRow<ProfileData>('profiles', userId, { name: user.name })
  // Details first: a partner's realtime status event then never comes before the details.
  const details = Object.keys(split.details).length
    ? await backend.upsertRow<DetailsData>('status_details', userId, split.details)
    : undefined
  if (!current) ({ row: current, created } = await ensureStatusRow(backend, userId))
  const regrant = created || lacksGrants(userId, current.$permissions)
  // An update (never an upsert) keeps the row's grants.
  const write = await backend.updateRowIf<StatusData>('status', userId, data, openTab(tab, beacon))
  if (!write.written) return { row: write.row ?? current, details, regrant: false }
  // Appwrite mode checks the tab just before the write, not with it (backend/rest.ts): when this
  // tab's own beacon landed in between, the row written still names it as closed, and the
  // beacon's "offline" is put back at once instead of waiting for the sweep.
  if (closedBefore(write.row!, tab, beacon)) {
    // An announcement this report claimed is not sent, so the row does not claim it either.
    const unclaimed = notice && { announced: current.announced, announcedAt: current.announcedAt }
    const left = { ...presenceFields('offline', true), ...unclaimed }
    const row = await backend.updateRow<StatusData>('status', userId, left)
    return { row, regrant: false }
  }
  return { row: write.row!, details, notice, regrant }
}

const DEFAULT_GRACE_MS = 60_000
// A JSON column of 2,048 characters holds about 30 tabs; the newest 20 are kept.
const MAX_TABS = 20

/**
 * The user's tabs in view after this report: those listed with a visible report within the grace
 * period, this one added (`visible`) or taken out. A report without a tab (a logout, which ends
 * every session) leaves none.
 */
function tabsInView(
  row: StatusData | undefined,
  tab: string | undefined,
  visible: boolean,
  graceMs: number,
) {
  if (!tab) return []
  const now = Date.now()
  let listed: [string, string][] = []
  try {
    listed = Object.entries(JSON.parse(row?.visibleTabs ?? '{}') as Record<string, string>)
  } catch {
    // A value this code did not write: start again from this report.
  }
  const fresh = listed.filter(([id, at]) => id !== tab && now - Date.parse(at) < graceMs)
  if (visible) fresh.push([tab, new Date(now).toISOString()])
  return fresh.slice(-MAX_TABS)
}

/** What a report of `presence` sets; a closing tab's beacon (offline) also marks the row closed. */
const presenceFields = (presence: PresenceState, beacon: boolean): Partial<StatusData> => ({
  presence,
  isOnline: presence === 'online',
  closed: beacon && presence === 'offline',
  ...(presence !== 'online' && { isTyping: false }),
})

/**
 * A report from the tab whose beacon has already said offline was on its way when the tab
 * closed, and would otherwise make its user online again until the sweep. Checked on the read
 * (to skip the work) and again at the write: a beacon may land between the two.
 */
const closedBefore = (row: StatusData, tab: string | undefined, beacon = false) =>
  !beacon && !!tab && row.closedTab === tab
const openTab = (tab: string | undefined, beacon = false): FieldCondition[] =>
  !beacon && tab ? [{ field: 'closedTab', differs: tab }] : []

/**
 * A hidden tab's slow heartbeat: a sign of life, not a report. It stamps `aliveAt` only, so it
 * never turns a row another (visible) tab keeps online into away, and the away announcement
 * still counts from the moment the tab was hidden.
 */
export async function keepAlive(
  backend: BackendPort,
  user: Pick<BackendUser, '$id' | 'name'>,
  tab?: string,
  read: ReadStatus = () => backend.getRow<StatusData>('status', user.$id),
) {
  const current = await read()
  if (!current) return reportPresence(backend, user, {}, 'away', { tab })
  if (closedBefore(current, tab)) return { row: current, regrant: false }
  const write = await backend.updateRowIf<StatusData>(
    'status',
    user.$id,
    { aliveAt: nowIso() },
    openTab(tab),
  )
  if (!write.written) return { row: write.row ?? current, regrant: false }
  return { row: write.row!, regrant: lacksGrants(user.$id, current.$permissions) }
}

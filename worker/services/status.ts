import type { PresenceState, Status, TypingKind } from '../../shared/schemas'
import { isConflict, type BackendPort, type Row } from '../backend'
import { statusPermissions } from './presence-sharing'

/** The status row's columns (shared/db-schema.ts `status`): its owner's, the admin's and, when both share, the partner's. */
export type StatusData = {
  name: string | null
  isOnline: boolean
  isTyping: boolean
  typingRoomId: string | null
  typingAt: string | null
  typingKind: TypingKind | null
  lastSeenAt: string | null
  aliveAt: string | null
  presence: PresenceState | null
  closed: boolean
  announced: PresenceState | null
  announcedAt: string | null
  closedTab: string | null
  visibleTabs: string | null
}
export type StatusRow = Row<StatusData>

/** The admin-only details (`status_details`, readable by team admin only; spec §6). */
export type DetailsData = {
  location: string | null
  deviceType: 'Mobile' | 'Tablet' | 'Desktop' | 'Others' | null
  browser: string | null
  operatingSystem: string | null
  activity: string | null
}
export type DetailsRow = Row<DetailsData>

/** One report's changes, before they are split between the two tables. */
export type StatusPatch = Partial<StatusData> & Partial<DetailsData>

const DETAIL_KEYS = ['location', 'deviceType', 'browser', 'operatingSystem', 'activity'] as const

export function splitPatch(patch: StatusPatch) {
  const status: Partial<StatusData> & Record<string, unknown> = { ...patch }
  const details: Partial<DetailsData> & Record<string, unknown> = {}
  for (const key of DETAIL_KEYS) {
    if (key in status) details[key] = status[key] as never
    delete status[key]
  }
  return { status: status as Partial<StatusData>, details }
}

/**
 * The user's status row, created (offline, readable by its owner and team admin) when missing; a
 * racing creator's row is read back. The partner's grant is syncSharing's (presence-sharing.ts).
 */
export async function ensureStatusRow(
  backend: BackendPort,
  userId: string,
): Promise<{ row: StatusRow; created: boolean }> {
  try {
    const row = await backend.createRow<StatusData>(
      'status',
      userId,
      { isOnline: false, isTyping: false, presence: 'offline' },
      statusPermissions(userId),
    )
    return { row, created: true }
  } catch (err) {
    const row = isConflict(err) ? await backend.getRow<StatusData>('status', userId) : undefined
    if (!row) throw err
    return { row, created: false }
  }
}

/** A user's status as /api returns it; the details only when `withDetails` (self or admin). */
export async function readStatus(
  backend: BackendPort,
  userId: string,
  withDetails: boolean,
): Promise<Status | undefined> {
  const [row, details] = await Promise.all([
    backend.getRow<StatusData>('status', userId),
    withDetails ? backend.getRow<DetailsData>('status_details', userId) : undefined,
  ])
  return row && toStatus(row, details)
}

/** The /api Status: the shared row plus, when given, the admin-only details (else nulls). */
export function toStatus(row: StatusRow, details?: Partial<DetailsData>): Status {
  return {
    $id: row.$id,
    name: row.name ?? null,
    isOnline: row.isOnline === true,
    isTyping: row.isTyping === true,
    typingRoomId: row.typingRoomId ?? null,
    typingAt: row.typingAt ?? null,
    typingKind: row.typingKind ?? null,
    location: details?.location ?? null,
    deviceType: details?.deviceType ?? null,
    browser: details?.browser ?? null,
    operatingSystem: details?.operatingSystem ?? null,
    activity: details?.activity ?? null,
    lastSeenAt: row.lastSeenAt ?? null,
    presence: row.presence ?? null,
  }
}

import type { Context } from 'hono'
import { q, type BackendPort, type Row } from '../backend'
import { bearer } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { claimedSessionId, readRow } from '../middleware/prefetch'

export type DeviceActivity = { userId: string; activeAt: string }

/** How stale a device's "last active" may grow before a report writes it again. */
export const ACTIVE_STEP_MS = 60_000

/**
 * Notes that the caller's device (its session) is in use now, for Settings' device list
 * (shared/db-schema.ts `session_activity`), at most once a `ACTIVE_STEP_MS`: `stored` is the
 * row as read beside the caller check. The row is its owner's alone to read.
 */
export async function noteDeviceActive(
  backend: BackendPort,
  userId: string,
  sessionId: string,
  stored: Row<DeviceActivity> | undefined,
  now = Date.now(),
): Promise<void> {
  if (stored && now - Date.parse(stored.activeAt) < ACTIVE_STEP_MS) return
  await backend.upsertRow<DeviceActivity>(
    'session_activity',
    sessionId,
    { userId, activeAt: new Date(now).toISOString() },
    [`read("user:${userId}")`],
  )
}

/**
 * A visible tab's heartbeat: its caller is using this device. The session is the verified JWT's
 * own, its activity row read beside the check (prefetch.ts ownStatusAndDevice). Awaited, so the
 * row is written before the answer (at most once a minute); a failure is logged, and the
 * heartbeat neither fails nor loses its notice for its device's time.
 */
export async function noteDeviceInUse(c: Context<ApiHono>): Promise<void> {
  const session = claimedSessionId(bearer(c.req.header('authorization')))
  if (!session) return
  try {
    const stored = await readRow<DeviceActivity>(c, 'session_activity', session)
    await noteDeviceActive(c.var.backend, c.var.caller.$id, session, stored)
  } catch (err) {
    console.error('device activity not noted:', err)
  }
}

/**
 * Longer than any session lives (the embedded backend's SESSION_DAYS is at most 365, Appwrite's
 * default length a year): a row not touched for this long belongs to a session that has ended.
 */
export const ACTIVITY_KEPT_MS = 400 * 24 * 3600_000

/** The cron's part: deletes a page of rows of long-ended sessions (the rest on later runs). */
export async function pruneDeviceActivity(backend: BackendPort, now = Date.now()) {
  const cutoff = new Date(now - ACTIVITY_KEPT_MS).toISOString()
  const { rows } = await backend.listRows<DeviceActivity>('session_activity', [
    q.lessThan('activeAt', cutoff),
    q.limit(100),
  ])
  for (const row of rows) await backend.deleteRow('session_activity', row.$id)
  return rows.length
}

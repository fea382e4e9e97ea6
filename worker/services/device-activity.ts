import type { Context } from 'hono'
import type { BackendPort, Row } from '../backend'
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
 * A presence route's caller is using this device (a tab in view, or typing): its session is the
 * verified JWT's own, its activity row read beside the check (prefetch.ts ownStatusAndDevice).
 */
export async function noteDeviceInUse(c: Context<ApiHono>): Promise<void> {
  const session = claimedSessionId(bearer(c.req.header('authorization')))
  if (!session) return
  const stored = await readRow<DeviceActivity>(c, 'session_activity', session)
  await noteDeviceActive(c.var.backend, c.var.caller.$id, session, stored)
}

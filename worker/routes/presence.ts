import { Hono } from 'hono'
import { BeaconRequest, HeartbeatRequest } from '../../shared/schemas'
import { ApiError } from '../lib/api-error'
import { later } from '../lib/background'
import { invalidRequest, validate } from '../lib/validate'
import { authenticate, bearer, withBackend } from '../middleware/auth'
import type { PublicHono } from '../middleware/context'
import { ownStatusAndDevice, readRow, requireCallerReading } from '../middleware/prefetch'
import { recordActivity } from '../services/activity'
import { noteDeviceInUse } from '../services/device-activity'
import { announce } from '../services/notifier'
import { keepAlive, presenceTimings, reportPresence } from '../services/presence'
import { syncSharing } from '../services/presence-sharing'
import type { StatusData } from '../services/status'

const MAX_BEACON_BYTES = 8 * 1024

const presence = new Hono<PublicHono>()
  .use('*', withBackend)
  // The caller's status row comes in the caller check's round trip; the report then writes it.
  .use('/heartbeat', requireCallerReading(ownStatusAndDevice))
  // A visible tab's heartbeat reports online; a hidden tab's (presence 'away') only says it is open.
  .post('/heartbeat', validate('json', HeartbeatRequest), async (c) => {
    const { caller, backend, config } = c.var
    const { presence, activity, tab } = c.req.valid('json')
    // Before the report: the admin's status event then never comes before the activity.
    if (activity) await recordActivity(backend, caller.$id, activity)
    const read = () => readRow<StatusData>(c, 'status', caller.$id)
    const { graceMs, intervalMs, hiddenIntervalMs } = presenceTimings(config)
    const report =
      presence === 'away'
        ? await keepAlive(backend, caller, tab, read)
        : await reportPresence(backend, caller, {}, 'online', { tab, read, graceMs })
    const { row } = report
    if (report.regrant) await syncSharing(backend, config, caller)
    if (presence !== 'away') await noteDeviceInUse(c)
    if ('notice' in report && report.notice)
      later(c, announce(backend, config, report.notice.kind, caller, report.notice.key))
    const lastSeenAt = row.lastSeenAt ?? ''
    return c.json(
      { isOnline: row.isOnline === true, lastSeenAt, intervalMs, hiddenIntervalMs },
      200,
    )
  })
  /*
   * The leaving tab's last word. sendBeacon cannot set headers and sends a string as text/plain,
   * which is why this one route reads the body itself instead of validate('json'). It accepts
   * only "this user is leaving" from a valid JWT (header or body), so a forged cross-site post
   * without the JWT fails with 401, and the worst a stolen JWT does is mark its owner away early.
   */
  .post('/beacon', async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
    if (type !== 'text/plain' && type !== 'application/json')
      throw new ApiError(415, 'Send the beacon as application/json or text/plain')
    if (Number(c.req.header('content-length') ?? 0) > MAX_BEACON_BYTES)
      throw new ApiError(413, 'The beacon body is too large')
    const text = await c.req.text()
    if (text.length > MAX_BEACON_BYTES) throw new ApiError(413, 'The beacon body is too large')
    let json: unknown
    try {
      json = text.trim() ? JSON.parse(text) : {}
    } catch {
      throw new ApiError(400, 'The beacon body must be JSON', 'validation_failed')
    }
    const body = BeaconRequest.safeParse(json)
    if (!body.success) throw invalidRequest('body', body.error)
    const jwt = bearer(c.req.header('authorization')) ?? body.data.jwt
    const { backend, config } = c.var
    const caller = await authenticate(c, backend, config, jwt)
    const { regrant } = await reportPresence(backend, caller, {}, body.data.presence, {
      beacon: true,
      tab: body.data.tab,
      graceMs: presenceTimings(config).graceMs,
    })
    if (regrant) await syncSharing(backend, config, caller)
    return c.body(null, 204)
  })

export default presence

import { Hono } from 'hono'
import {
  PushKeyRequest,
  PushListRequest,
  PushSubscribeRequest,
  PushUnsubscribeRequest,
  type PushDevice,
  type PushKeyResponse,
} from '../../shared/schemas'
import { q } from '../backend'
import { ApiError } from '../lib/api-error'
import { stableId } from '../lib/stable-id'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { type SubscriptionData, type SubscriptionRow } from '../services/push/deliver'
import { endpointAllowed, vapidOf } from '../services/push/push-config'
import { parseUserAgent } from '../services/user-agent'

const toDevice = (r: SubscriptionRow): PushDevice => ({
  $id: r.$id,
  endpoint: r.endpoint,
  device: r.device ?? '',
  createdAt: r.$createdAt,
})

// One row per endpoint (a browser profile): subscribing again, or as the other partner on a shared
// browser, replaces it.
const rowIdOf = (endpoint: string) => stableId('push', endpoint)

const push = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .post('/key', validate('json', PushKeyRequest), (c) => {
    const vapid = vapidOf(c.var.config)
    return c.json({
      enabled: !!vapid,
      publicKey: vapid?.publicKey ?? null,
    } satisfies PushKeyResponse)
  })
  .post('/subscribe', validate('json', PushSubscribeRequest), async (c) => {
    const { endpoint, keys } = c.req.valid('json')
    const { caller, backend, config } = c.var
    if (!vapidOf(config))
      throw new ApiError(409, 'Notifications are not set up on this server', 'push_disabled')
    if (!endpointAllowed(config, endpoint))
      throw new ApiError(400, 'The push endpoint must be an https URL', 'validation_failed')
    const ua = parseUserAgent(c.req.header('user-agent'))
    const data: SubscriptionData = {
      userId: caller.$id,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      device: `${ua.browser} on ${ua.operatingSystem}`.slice(0, 128),
    }
    const id = await rowIdOf(endpoint)
    // Row security: only the owner (and the server key) may read or delete it.
    const perms = [`read("user:${caller.$id}")`, `delete("user:${caller.$id}")`]
    await backend.deleteRow('push_subscriptions', id).catch(() => undefined)
    const row = await backend.createRow<SubscriptionData>('push_subscriptions', id, data, perms)
    return c.json(toDevice(row), 201)
  })
  .post('/unsubscribe', validate('json', PushUnsubscribeRequest), async (c) => {
    const { caller, backend } = c.var
    const id = await rowIdOf(c.req.valid('json').endpoint)
    const row = await backend.getRow<SubscriptionData>('push_subscriptions', id)
    // Someone else's endpoint is answered like a missing one: it says nothing about it.
    if (!row || row.userId !== caller.$id)
      throw new ApiError(404, 'This device is not subscribed', 'not_found')
    await backend.deleteRow('push_subscriptions', id)
    return c.body(null, 204)
  })
  .post('/list', validate('json', PushListRequest), async (c) => {
    const { caller, backend } = c.var
    const { rows } = await backend.listRows<SubscriptionData>('push_subscriptions', [
      q.equal('userId', caller.$id),
      q.limit(100),
    ])
    return c.json({ devices: rows.map(toDevice) })
  })

export default push

import { Hono } from 'hono'
import {
  PresenceSharingRequest,
  UpdateStatusRequest,
  UserInfoRequest,
  UserStatusRequest,
} from '../../shared/schemas'
import { ApiError } from '../lib/api-error'
import { later } from '../lib/background'
import { validate } from '../lib/validate'
import { assertSelf, requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { ownStatusRows, readRow, requireCallerReading } from '../middleware/prefetch'
import { findChatee, toAccount } from '../services/chatee'
import { resolveLocation } from '../services/geo'
import { announce } from '../services/notifier'
import { nowIso, presenceTimings, reportPresence } from '../services/presence'
import { setSharing, sharingOf, syncSharing } from '../services/presence-sharing'
import { toStatus, type DetailsData, type StatusData, type StatusPatch } from '../services/status'
import { parseUserAgent } from '../services/user-agent'

const user = new Hono<ApiHono>()
  .use('*', withBackend)
  // The caller's status rows come in the caller check's round trip (one Durable Object call;
  // a presence report then makes its conditional write).
  .use('/status', requireCallerReading(ownStatusRows))
  .use('/update-status', requireCallerReading(ownStatusRows))
  .use('*', requireCaller)
  // Name and email of the caller or the chatee; never a password or anything else.
  .post('/info', validate('json', UserInfoRequest), async (c) => {
    const { userId } = c.req.valid('json')
    const { caller, backend, config } = c.var
    if (userId === caller.$id) return c.json(toAccount(caller), 200)
    const chatee = await findChatee(backend, config, caller)
    if (chatee?.$id !== userId)
      throw new ApiError(403, 'You can only read your own account or your chatee’s')
    return c.json(toAccount(chatee), 200)
  })
  .post('/status', validate('json', UserStatusRequest), async (c) => {
    const { userId } = c.req.valid('json')
    assertSelf(c.get('caller'), userId)
    const [row, details] = await Promise.all([
      readRow<StatusData>(c, 'status', userId),
      readRow<DetailsData>(c, 'status_details', userId),
    ])
    if (!row) throw new ApiError(404, 'No status yet - call /api/auth/create-status first')
    return c.json(toStatus(row, details), 200)
  })
  // Device, browser, OS and location come from the request, never from the payload.
  .post('/update-status', validate('json', UpdateStatusRequest), async (c) => {
    const { userId, payload, tab } = c.req.valid('json')
    const { caller, backend, config } = c.var
    assertSelf(caller, userId)
    const presence =
      payload.presence ??
      (payload.isOnline === undefined ? undefined : payload.isOnline ? 'online' : 'offline')
    const patch: StatusPatch = {}
    if (payload.isTyping !== undefined) {
      patch.isTyping = payload.isTyping
      patch.typingRoomId = payload.isTyping ? (payload.typingRoomId ?? null) : null
      patch.typingAt = payload.isTyping ? nowIso() : null
      patch.typingKind = payload.isTyping ? (payload.typingKind ?? 'text') : null
    }
    if (payload.activity !== undefined) patch.activity = payload.activity
    if (presence === 'online') {
      Object.assign(patch, parseUserAgent(c.req.header('user-agent')))
      const location = await resolveLocation(c.req.raw, config)
      if (location) patch.location = location
    }
    const { row, details, notice, regrant } = await reportPresence(
      backend,
      caller,
      patch,
      presence,
      {
        tab,
        read: () => readRow<StatusData>(c, 'status', caller.$id),
        graceMs: presenceTimings(config).graceMs,
      },
    )
    if (regrant) await syncSharing(backend, config, caller)
    if (notice) later(c, announce(backend, config, notice.kind, caller, notice.key))
    // Not written by this report when undefined, so the row read beside the check is current.
    const own = details ?? (await readRow<DetailsData>(c, 'status_details', caller.$id))
    return c.json(toStatus(row, own), 200)
  })
  // Settings' presence sharing: `{}` reads the caller's and the partner's choice, `{ share }` sets the caller's.
  .post('/sharing', validate('json', PresenceSharingRequest), async (c) => {
    const { share } = c.req.valid('json')
    const { caller, backend, config } = c.var
    if (share !== undefined) return c.json(await setSharing(backend, config, caller, share), 200)
    const chatee = await findChatee(backend, config, caller)
    return c.json(await sharingOf(backend, caller.$id, chatee?.$id), 200)
  })

export default user

import { Hono } from 'hono'
import {
  MarkDeliveredRequest,
  MarkReadRequest,
  ReceiptSettingRequest,
  type DeliveredReceipt,
  type ReadReceipt,
  type ReceiptSetting,
} from '../../shared/schemas'
import { validate } from '../lib/validate'
import { assertSelf, requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { markDelivered, markRead, sendsReceipts, setReceipts } from '../services/receipts'

// Read and delivery receipts, always as the caller: the user comes from the JWT, never from the body.
const receipt = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .post('/read', validate('json', MarkReadRequest), async (c) => {
    const { roomId, seq, userId } = c.req.valid('json')
    assertSelf(c.var.caller, userId)
    const answer = await markRead(c.var.backend, c.var.caller, roomId, seq)
    return c.json(answer satisfies ReadReceipt, 200)
  })
  .post('/delivered', validate('json', MarkDeliveredRequest), async (c) => {
    const { roomId, seq } = c.req.valid('json')
    const answer = await markDelivered(c.var.backend, c.var.caller, roomId, seq)
    return c.json(answer satisfies DeliveredReceipt, 200)
  })
  .post('/setting', validate('json', ReceiptSettingRequest), async (c) => {
    const { enabled } = c.req.valid('json')
    const { backend, caller } = c.var
    if (enabled !== undefined) await setReceipts(backend, caller, enabled)
    const now = sendsReceipts(await backend.getPrefs(caller.$id))
    return c.json({ enabled: now } satisfies ReceiptSetting, 200)
  })

export default receipt

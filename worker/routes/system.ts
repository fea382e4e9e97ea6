import { Hono } from 'hono'
import { LogRequest } from '../../shared/schemas'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { assertSelf, requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'

const MAX_DATA = 10_000

const system = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  // An audit entry, written with the server key (logs are readable by team admin only).
  .post('/log', validate('json', LogRequest), async (c) => {
    const { section, action, description, userId, data } = c.req.valid('json')
    assertSelf(c.var.caller, userId)
    const serialised = data === undefined ? undefined : JSON.stringify(data)
    if (serialised && serialised.length > MAX_DATA)
      throw new ApiError(400, `data must serialise to at most ${MAX_DATA} characters`)
    const row = await c.var.backend.createRow('logs', 'unique()', {
      section,
      action,
      description,
      userId: c.var.caller.$id,
      ...(serialised === undefined ? {} : { data: serialised }),
    })
    return c.json({ $id: row.$id }, 201)
  })

export default system

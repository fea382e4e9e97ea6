import { Hono } from 'hono'
import {
  BreachCheckRequest,
  BreachConfigRequest,
  type BreachConfig,
  type Scan,
} from '../../shared/schemas/breach'
import type { Row } from '../backend'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { leakCheck } from '../services/leakcheck'

type ScanRow = { target: string; found: number; sources: string; breaches: string; summary: string }

const toScan = (r: Row<ScanRow>, sources: Scan['sources']): Scan => ({
  $id: r.$id,
  $createdAt: r.$createdAt,
  target: r.target,
  found: r.found,
  sources,
})

const breach = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .post('/config', validate('json', BreachConfigRequest), (c) =>
    c.json({ leakCheck: !!c.var.config.LEAKCHECK_URL } satisfies BreachConfig),
  )
  // The caller's own address (the admin may check any allowlisted one): the Worker is no lookup
  // oracle for strangers' addresses. Each check is kept as a row only its owner can read.
  .post('/check', validate('json', BreachCheckRequest), async (c) => {
    const { config, caller, backend } = c.var
    // 409 as every feature that is off (link checks, GIFs, push): the server is fine, the
    // deployment chose not to; a 5xx would page someone for a setting.
    if (!config.LEAKCHECK_URL)
      throw new ApiError(
        409,
        'Breach checks are off: set LEAKCHECK_URL to enable them',
        'breach_check_off',
      )
    const email = c.req.valid('json').email ?? caller.email
    const isAdmin = caller.email === config.ADMIN_EMAIL
    if (email !== caller.email && !(isAdmin && config.ALLOWED_EMAILS.includes(email)))
      throw new ApiError(403, 'You can check only your own email address')
    const { success } = await c.env.BREACH_LIMITER.limit({ key: caller.$id })
    if (!success) {
      c.header('Retry-After', '60')
      throw new ApiError(429, 'Too many breach checks - please wait a minute and try again')
    }
    const { found, sources } = await leakCheck(email, config.LEAKCHECK_URL, config.LEAKCHECK_KEY)
    const owner = `user:${caller.$id}`
    const row = await backend.createRow<ScanRow>(
      'scans',
      'unique()',
      {
        target: email,
        found,
        sources: sources
          .map((s) => s.name)
          .join(', ')
          .slice(0, 1000),
        breaches: JSON.stringify(sources),
        summary: found ? `Found in ${found} breaches` : 'Not found in known breaches',
      },
      [`read("${owner}")`, `delete("${owner}")`],
    )
    return c.json(toScan(row, sources), 201)
  })

export default breach

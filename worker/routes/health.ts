import { Hono } from 'hono'
import { APP_VERSION } from '../../shared/constants'
import { getConfig } from '../config'

const health = new Hono<{ Bindings: Env }>().get('/', (c) =>
  c.json({ status: 'ok' as const, version: APP_VERSION, backend: getConfig(c.env).backend }, 200),
)

export default health

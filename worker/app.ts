import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { ApiError } from './lib/api-error'
import { ConfigError } from './config'
import health from './routes/health'
import { edge } from './appwrite-edge'
import devRoutes from './routes/dev'
import { captureException } from '@sentry/cloudflare'
import { BackendError } from './backend'
import { fromBackendError } from './middleware/errors'
import user from './routes/user'
import auth from './routes/auth'
import system from './routes/system'
import message from './routes/message'
import room from './routes/room'
import presence from './routes/presence'
import monitoring from './routes/monitoring'
import link from './routes/link'
import receipt from './routes/receipt'
import push from './routes/push'
import firstLoad from './routes/first-load'
import breach from './routes/breach'
import linkCheck from './routes/link-check'
import gif from './routes/gif'

// The largest /api body: zod checks each field's length only after the whole body is parsed.
const MAX_API_BODY = 64 * 1024

// Composition of every area. /v1 is the embedded backend and answers in Appwrite's error shape;
// everything else answers `{ code, message }`.
const tooLarge = () => {
  throw new ApiError(413, `The request body is larger than ${MAX_API_BODY / 1024} KiB`)
}
const streamedLimit = bodyLimit({ maxSize: MAX_API_BODY, onError: tooLarge })

const api = new Hono<{ Bindings: Env }>()
  // A declared length is checked without opening the body stream, as bodyLimit itself would
  // after doing so; only a streamed body goes through bodyLimit's counting reader. No GET route
  // reads a body, so a GET (health) touches no header at all.
  .use('*', (c, next) => {
    if (c.req.method === 'GET') return next()
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding') !== undefined)
      return streamedLimit(c, next)
    return Number(length) > MAX_API_BODY ? tooLarge() : next()
  })
  .route('/health', health)
  .route('/user', user)
  .route('/auth', auth)
  .route('/system', system)
  .route('/message', message)
  .route('/room', room)
  .route('/presence', presence)
  .route('/link', link)
  .route('/receipt', receipt)
  .route('/push', push)
  .route('/breach', breach)
  .route('/link-check', linkCheck)
  .route('/gif', gif)

export const app = new Hono<{ Bindings: Env }>()
  .route('/api', api)
  .route('/v1', edge)
  .route('/__dev', devRoutes)
  .route('/monitoring', monitoring)
  .route('/', firstLoad)
  .notFound((c) =>
    c.json(
      new ApiError(404, `No route for ${c.req.method} ${new URL(c.req.url).pathname}`).body,
      404,
    ),
  )
  .onError((err, c) => {
    if (err instanceof BackendError) err = fromBackendError(err)
    // Hono handles errors before withSentry sees them; report the server's own failures here.
    if (!(err instanceof ApiError && err.status < 500) && !(err instanceof HTTPException))
      captureException(err)
    if (err instanceof ApiError) return c.json(err.body, err.status)
    if (err instanceof HTTPException) {
      // Hono's own 400s (e.g. a body that is not JSON) keep their status, in our shape.
      const e = new ApiError(err.status as ApiError['status'], err.message || 'Request failed')
      return c.json(e.body, e.status)
    }
    if (err instanceof ConfigError) {
      console.error(err.message)
      return c.json(new ApiError(500, 'The server is misconfigured', 'config_error').body, 500)
    }
    console.error('Unhandled error', err)
    return c.json(new ApiError(500, 'Internal server error').body, 500)
  })

export type AppType = typeof api

import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Edge, EdgeHono } from './context'
import { AppwriteException, errorResponse } from './errors'
import account from './routes/account'
import users from './routes/users'
import teams from './routes/teams'
import tablesdb from './routes/tablesdb'
import databases from './routes/databases'
import storage from './routes/storage'
import locale from './routes/locale'

/**
 * The Appwrite REST surface, served inside the Durable Object (paths relative to /v1).
 * `makeEdge` resolves the caller and builds the per-request context.
 */
export function createEdgeApp(makeEdge: (req: Request) => Promise<Edge>) {
  // The Worker forwards the full URL, /v1 included.
  return new Hono<EdgeHono>()
    .basePath('/v1')
    .use('*', async (c, next) => {
      c.set('edge', await makeEdge(c.req.raw))
      await next()
    })
    .route('/account', account)
    .route('/users', users)
    .route('/teams', teams)
    .route('/tablesdb', tablesdb)
    .route('/databases', databases)
    .route('/storage', storage)
    .route('/locale', locale)
    .notFound(() => errorResponse(new AppwriteException('general_route_not_found')))
    .onError((err) => {
      if (err instanceof AppwriteException) return errorResponse(err)
      if (err instanceof HTTPException && err.status < 500)
        return errorResponse(new AppwriteException('general_argument_invalid', err.message))
      console.error('embedded backend error', err)
      return errorResponse(new AppwriteException('general_server_error'))
    })
}

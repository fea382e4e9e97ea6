import { app } from '../../worker/app'
import { createEdgeApp } from '../../worker/appwrite-edge/http'

export type Route = { method: string; path: string }

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

// Middleware (`use`) shows up in a Hono table as method ALL on a wildcard path: not a route.
const isHandler = (r: Route) => !(r.method === 'ALL' && r.path.endsWith('*'))

function table(routes: readonly Route[]): Route[] {
  const seen = new Set<string>()
  const out: Route[] = []
  for (const r of routes.filter(isHandler)) {
    for (const method of r.method === 'ALL' ? METHODS : [r.method]) {
      const key = `${method} ${r.path}`
      if (!seen.has(key)) (seen.add(key), out.push({ method, path: r.path }))
    }
  }
  return out
}

/**
 * Every route the Worker serves, read from the route tables themselves, so a route added later is
 * fuzzed without editing the tests: the composed app's table (/api, /__dev, /monitoring) and the
 * embedded backend's own table (/v1, served inside the Durable Object behind one catch-all).
 */
export const workerRoutes: Route[] = table(app.routes).filter((r) => !r.path.startsWith('/v1'))
export const edgeRoutes: Route[] = table(
  createEdgeApp(() => Promise.reject(new Error('route table only'))).routes,
)
export const allRoutes = [...workerRoutes, ...edgeRoutes]

/** The path's `:param` (and `:param{regex}`) segments. */
export const paramsOf = (path: string) =>
  [...path.matchAll(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g)].map((m) => m[1])

/** The path with each parameter replaced by `fill(name)` (already URL-encoded by the caller). */
export const fillPath = (path: string, fill: (name: string) => string) =>
  path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => fill(name)).replace(/\*$/, '')

import { env } from 'cloudflare:workers'

// The BACKEND binding wrapped so every call on the object's stub (fetch or RPC) is recorded; it
// observes the Worker's own code, replacing nothing.
export const calls: string[] = []
// How many calls were in flight at once, at most (reset with `calls`): reads asked together.
export const flight = { now: 0, max: 0 }
const named = (req: Request) =>
  `${req.method} ${new URL(req.url).pathname.replace(/^\/v1\/tablesdb\/kathelia\/tables\//, '')}`

export const counted = {
  ...env,
  BACKEND: new Proxy(env.BACKEND, {
    get(ns, prop) {
      if (prop !== 'get') return Reflect.get(ns, prop).bind(ns)
      return (id: DurableObjectId) => {
        const stub = ns.get(id)
        return new Proxy(stub, {
          get(s, name) {
            const v = Reflect.get(s, name)
            if (typeof v !== 'function') return v
            // Called on the stub itself: an RPC method must not get the proxy as `this`.
            return (...args: unknown[]) => {
              calls.push(name === 'fetch' ? `fetch ${named(args[0] as Request)}` : String(name))
              flight.max = Math.max(flight.max, ++flight.now)
              const call = (s as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[
                String(name)
              ](...args)
              return Promise.resolve(call).finally(() => flight.now--)
            }
          },
        })
      }
    },
  }),
} as Env

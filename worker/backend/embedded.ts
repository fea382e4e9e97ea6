import type { Config } from '../config'
import { edge } from '../appwrite-edge'
import { carriesPassword } from '../appwrite-edge/password-step'
import { backendStub } from '../appwrite-edge/stub'
import type { BackendPort } from './port'
import { restBackend } from './rest'

/**
 * The embedded adapter: an in-process client of the Durable Object's Appwrite surface. Requests
 * go straight to the object (no network hop, no Worker-side CORS/project step); server operations
 * carry the embedded API key, getCaller the caller's JWT. A request with a new password (the users
 * API) takes the Worker's /v1 step instead, which checks the password rules and hashes it: the
 * object never sees a plain password.
 */
export function embeddedBackend(env: Env, config: Config): BackendPort {
  const stub = backendStub(env, config)
  return restBackend({
    kind: 'embedded',
    endpoint: 'http://edge/v1',
    project: config.APPWRITE_PROJECT_ID,
    key: config.EMBEDDED_API_KEY,
    transport: (req) =>
      carriesPassword(`${req.method} ${new URL(req.url).pathname}`)
        ? Promise.resolve(edge.fetch(req, env))
        : stub.fetch(req),
    // No password travels in a batch: only the caller check, row reads and a guarded row create.
    batch: (reqs) => stub.batch(reqs),
  })
}

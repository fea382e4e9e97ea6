import type { Config } from '../config'
import { backendStub } from '../appwrite-edge/stub'
import type { BackendPort } from './port'
import { restBackend } from './rest'

/**
 * The embedded adapter: an in-process client of the Durable Object's Appwrite surface. Requests
 * go straight to the object (no network hop, no Worker-side CORS/project step); server operations
 * carry the embedded API key, getCaller the caller's JWT.
 */
export function embeddedBackend(env: Env, config: Config): BackendPort {
  const stub = backendStub(env, config)
  return restBackend({
    kind: 'embedded',
    endpoint: 'http://edge/v1',
    project: config.APPWRITE_PROJECT_ID,
    key: config.EMBEDDED_API_KEY,
    transport: (req) => stub.fetch(req),
  })
}

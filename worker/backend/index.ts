import type { Config } from '../config'
import { appwriteBackend } from './appwrite'
import { embeddedBackend } from './embedded'
import type { BackendPort } from './port'

export * from './port'

// An adapter is functions over its bindings and config, the same for every request of an
// isolate, so it is built once for them rather than per request (embedded.ts gets the object's
// stub per call, since a stub belongs to the request that made it).
const adapters = new WeakMap<object, WeakMap<Config, BackendPort>>()

/** The adapter the configuration selects (APPWRITE_ENDPOINT set → appwrite, else embedded). */
export function getBackend(env: Env, config: Config): BackendPort {
  let byConfig = adapters.get(env.BACKEND)
  if (!byConfig) adapters.set(env.BACKEND, (byConfig = new WeakMap()))
  let adapter = byConfig.get(config)
  if (!adapter) {
    adapter = config.backend === 'appwrite' ? appwriteBackend(config) : embeddedBackend(env, config)
    byConfig.set(config, adapter)
  }
  return adapter
}

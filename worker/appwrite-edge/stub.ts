import type { Config } from '../config'

// idFromName hashes the name on every call; the id is a plain value, so each isolate keeps it.
// (A stub is bound to the request that made it, so a fresh one is got from the id each time.)
const ids = new WeakMap<Env['BACKEND'], Map<string, DurableObjectId>>()

/** The one embedded backend object of this project. */
export function backendStub(env: Env, config: Config) {
  let byName = ids.get(env.BACKEND)
  if (!byName) ids.set(env.BACKEND, (byName = new Map()))
  let id = byName.get(config.APPWRITE_PROJECT_ID)
  if (!id)
    byName.set(
      config.APPWRITE_PROJECT_ID,
      (id = env.BACKEND.idFromName(config.APPWRITE_PROJECT_ID)),
    )
  return env.BACKEND.get(id)
}

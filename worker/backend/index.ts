import type { Config } from '../config'
import { appwriteBackend } from './appwrite'
import { embeddedBackend } from './embedded'
import type { BackendPort } from './port'

export * from './port'

/** The adapter the configuration selects (APPWRITE_ENDPOINT set → appwrite, else embedded). */
export function getBackend(env: Env, config: Config): BackendPort {
  return config.backend === 'appwrite' ? appwriteBackend(config) : embeddedBackend(env, config)
}

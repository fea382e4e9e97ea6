import type { Config } from '../config'
import type { BackendPort } from './port'
import { restBackend } from './rest'

/**
 * The Appwrite adapter: the same operations on Appwrite Cloud or self-hosted, with the API key,
 * over fetch (not node-appwrite, which cannot run in workerd; see rest.ts).
 */
export function appwriteBackend(config: Config): BackendPort {
  return restBackend({
    kind: 'appwrite',
    endpoint: (config.APPWRITE_ENDPOINT as string).replace(/\/+$/, ''),
    project: config.APPWRITE_PROJECT_ID,
    key: config.APPWRITE_API_KEY as string,
    transport: (req) => fetch(req),
  })
}

import type { Config } from '../../config'
import type { VapidKeys } from './web-push'

/** The VAPID keys, or undefined when push is off (all three variables empty). */
export function vapidOf(config: Config): VapidKeys | undefined {
  const {
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    VAPID_SUBJECT: subject,
  } = config
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : undefined
}

/** Real push services are https; plain http only with the tests' switch PUSH_ALLOW_HTTP. */
export function endpointAllowed(config: Config, endpoint: string): boolean {
  const { protocol } = new URL(endpoint)
  return protocol === 'https:' || (protocol === 'http:' && config.PUSH_ALLOW_HTTP)
}

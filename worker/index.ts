import { withSentry } from '@sentry/cloudflare'
import { app } from './app'
import { getBackend } from './backend'
import { getConfig } from './config'
import { sentryOptions } from './services/sentry'
import { sweepPresence } from './services/presence-sweep'

export { EdgeBackend } from './appwrite-edge'

const handler = {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    // Presence sweep: users silent past the grace period become away/offline, announced once.
    const config = getConfig(env)
    ctx.waitUntil(sweepPresence(getBackend(env, config), config))
  },
} satisfies ExportedHandler<Env>

// The SDK stays off (no client, no transport) unless SENTRY_DSN is set.
export default withSentry((env: Env) => {
  try {
    return sentryOptions(getConfig(env))
  } catch {
    return undefined
  }
}, handler)

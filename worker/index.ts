import { withSentry } from '@sentry/cloudflare'
import { app } from './app'
import { getBackend } from './backend'
import { getConfig } from './config'
import { sentryOptions } from './services/sentry'
import { sweepPresence } from './services/presence-sweep'
import { pruneDeviceActivity } from './services/device-activity'

export { EdgeBackend } from './appwrite-edge'

const handler = {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // Presence sweep: users silent past the grace period become away/offline, announced once.
    // Once an hour, the "last active" rows of sessions long ended go too.
    const config = getConfig(env)
    const backend = getBackend(env, config)
    const hourly = new Date(controller.scheduledTime).getUTCMinutes() === 0
    ctx.waitUntil(
      sweepPresence(backend, config).then(() => (hourly ? pruneDeviceActivity(backend) : 0)),
    )
  },
} satisfies ExportedHandler<Env>

const sentryConfig = (env: Env) => {
  try {
    return sentryOptions(getConfig(env))
  } catch {
    return undefined
  }
}

// withSentry instruments the object it is given in place, so it gets a copy. Without SENTRY_DSN
// the plain handler answers: the wrapper otherwise still made a client, a span and a proxy of
// env (and of every binding) per request with nothing to send (docs/benchmarks.md, "API").
const monitored = withSentry(sentryConfig, { ...handler })

export default {
  fetch: (req, env, ctx) => (sentryConfig(env) ? monitored : handler).fetch(req, env, ctx),
  scheduled: (controller, env, ctx) =>
    (sentryConfig(env) ? monitored : handler).scheduled(controller, env, ctx),
} satisfies ExportedHandler<Env>

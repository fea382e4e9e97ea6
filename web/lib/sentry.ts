import * as Sentry from '@sentry/react'
import type { AnyRouter } from '@tanstack/react-router'
import { MONITORING, RELEASE } from '../../shared/constants'

const NOT_FOUND_PATH = '/404'

/**
 * The Worker's tunnel only forwards for the configured DSN's organisation (o<org>.ingest… hosts,
 * else empty) and project, named in the query: /monitoring?o=<org>&p=<project>.
 */
function tunnelUrl(dsn: string) {
  const url = new URL(dsn)
  const o = /^o(\d+)\.ingest\./.exec(url.hostname)?.[1] ?? ''
  const p = url.pathname.split('/').filter(Boolean).pop() ?? ''
  return `${MONITORING.tunnel}?${new URLSearchParams({ o, p })}`
}

/** The spec's monitoring: same-origin tunnel, every trace, no replays, /404 never traced. */
export function initSentry(dsn: string, router: AnyRouter) {
  Sentry.init({
    dsn,
    release: RELEASE,
    environment: import.meta.env.VITE_SENTRY_ENVIRONMENT || 'production',
    tunnel: tunnelUrl(dsn),
    integrations: [Sentry.tanstackRouterBrowserTracingIntegration(router)],
    tracesSampleRate: MONITORING.tracesSampleRate,
    tracesSampler: ({ name, normalizedRequest, inheritOrSampleWith }) => {
      const path = normalizedRequest?.url
        ? new URL(normalizedRequest.url, location.href).pathname
        : name
      if (
        name === NOT_FOUND_PATH ||
        path === NOT_FOUND_PATH ||
        location.pathname === NOT_FOUND_PATH
      )
        return 0
      return inheritOrSampleWith(MONITORING.tracesSampleRate)
    },
    replaysSessionSampleRate: MONITORING.replaysSessionSampleRate,
    replaysOnErrorSampleRate: MONITORING.replaysOnErrorSampleRate,
    tracePropagationTargets: ['localhost', /^\//],
  })
}

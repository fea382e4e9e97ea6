import * as Sentry from '@sentry/react'
import type { AnyRouter } from '@tanstack/react-router'
import { MONITORING, RELEASE } from '../../shared/constants'

const NOT_FOUND_PATH = '/404'

/** The spec's monitoring: same-origin tunnel, every trace, no replays, /404 never traced. */
export function initSentry(dsn: string, router: AnyRouter) {
  Sentry.init({
    dsn,
    release: RELEASE,
    environment: import.meta.env.VITE_SENTRY_ENVIRONMENT || 'production',
    tunnel: MONITORING.tunnel,
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

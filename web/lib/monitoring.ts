import type { AnyRouter } from '@tanstack/react-router'

/**
 * Sentry only when a DSN is configured, and only after the first paint: the SDK is a dynamic
 * import behind this check, so without a DSN no Sentry code is ever downloaded.
 */
export function startMonitoring(router: AnyRouter) {
  const dsn = import.meta.env.VITE_SENTRY_DSN
  if (!dsn) return
  const load = () =>
    void import('./sentry')
      .then(({ initSentry }) => initSentry(dsn, router))
      .catch((err: unknown) => console.warn('Monitoring could not start', err))
  // Two frames: the first paint has happened before the SDK is requested.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load, 0)))
}

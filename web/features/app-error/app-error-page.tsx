import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useLayoutEffect } from 'react'
import { isNetworkFailure } from '../../lib/errors'
import { dropFirstPaint } from '../../lib/first-load'

/**
 * What the router shows when a screen fails to render, instead of its own bare error: most
 * often a part of the app that could not be loaded (a chunk fetched offline, a flaky network, a
 * deploy that replaced it). That kind heals itself: the page reloads once the browser is back
 * online, and "Reload" does it now. Anything else is a bug, reported as such (Sentry's own
 * handlers see it) with the same way out.
 */
export function AppErrorPage({ error }: ErrorComponentProps) {
  const missingPart =
    isNetworkFailure(error) ||
    (error instanceof Error &&
      /dynamically imported module|importing a module script/i.test(error.message))
  // Nothing drawn into the page before the app ran stays over it: a drawn sign-in form whose
  // screen did not come could not sign in.
  useLayoutEffect(dropFirstPaint, [])
  useEffect(() => {
    if (!missingPart) return
    const reload = () => window.location.reload()
    window.addEventListener('online', reload)
    return () => window.removeEventListener('online', reload)
  }, [missingPart])
  return (
    <section className="not-found" role="alert" aria-labelledby="app-error-title">
      <h1 id="app-error-title">
        {missingPart ? 'Kathelia could not load this screen' : 'Something went wrong'}
      </h1>
      <p>
        {missingPart
          ? navigator.onLine
            ? 'Part of the app did not arrive. Reload to try again.'
            : 'You are offline. It will reload by itself when the connection returns.'
          : 'Reload to start again. Unsent messages are kept.'}
      </p>
      <button type="button" className="primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  )
}

import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyFirstLoad } from './features/auth/first-load-state'
import { dropFirstPaint, firstLoad, rememberTimeZone, settleAuthPaint } from './lib/first-load'
import { preloadIfSignedInBefore } from './features/auth/preload-signed-in'
import { signedOutAtOnce } from './features/auth/start-app'
import { AuthScreen } from './features/auth/lazy-auth-screen'
import { startMonitoring } from './lib/monitoring'
import { whenSettled } from './lib/when-settled'
import { routeTree } from './routeTree.gen'
import { applyTheme, themeState } from './state/theme-state'
import './styles.css'
import { AppErrorPage } from './features/app-error/app-error-page'

// index.html already set the theme before the first paint; this keeps it in step from here on.
applyTheme(themeState.theme)
applyFirstLoad()
signedOutAtOnce()
settleAuthPaint()
preloadIfSignedInBefore()
// A page without the signed-in data may be a visitor's: the sign-in screen's chunk (which
// index.html preloads) evaluated ahead of the first render, so that render need not suspend.
if (!firstLoad()) AuthScreen.preload().catch(() => undefined)
// For the next signed-in load; not before: the zone's lookup costs about 15 ms of main thread
// (55 ms on the bench's mobile profile), which a first render does not need.
whenSettled(rememberTimeZone)
// A screen that failed to render must not stay hidden behind the Worker's drawing of the room.
window.addEventListener('error', dropFirstPaint, { once: true })

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // React Query owns caching, so loader results are never considered fresh on their own.
  defaultPreloadStaleTime: 0,
  // Off: the router's restoration carries every scrolled element's position over to the next
  // page by its place in the DOM, so a room opened at the last room's scroll offset. A room
  // opens at its unread line or newest message (message-list.tsx), other pages at their top.
  scrollRestoration: false,
  // Every route's failure (a screen's chunk that did not arrive, above all) gets the app's page.
  defaultErrorComponent: AppErrorPage,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)

startMonitoring(router)

// The service worker once the page has loaded and settled: no screen waits for it.
// Offline before it came (its chunk, or sw.js for the registration: a phone-touch.e2e run went
// offline in between), the next load registers it: no error of the page's.
const registerSw = () =>
  void import('./features/pwa/register-sw')
    .then((m) => m.registerServiceWorker(router))
    .catch((err: unknown) => {
      if (navigator.onLine) console.warn('The service worker was not registered', err)
    })
if (document.readyState === 'complete') whenSettled(registerSw)
else window.addEventListener('load', () => whenSettled(registerSw), { once: true })

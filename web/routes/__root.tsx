import { createRootRoute, Outlet } from '@tanstack/react-router'
import { lazy, Suspense, type ComponentType } from 'react'
import { useSnapshot } from 'valtio'
import { AuthGate } from '../features/auth/auth-gate'
import { NotFoundPage } from '../features/not-found/not-found-page'
import { OfflineNotice } from '../features/pwa/offline-notice'
import { uiState } from '../state/ui-state'

// Loaded with the first notification, so the sign-in screen does not carry the toast library.
// A load that fails (offline before the service worker holds it) shows no toast rather than
// taking the page down with it; the next notification tries again.
let ToastHost = toastChunk()
function toastChunk() {
  return lazy<ComponentType>(() =>
    import('../lib/toast-host').catch(() => {
      ToastHost = toastChunk()
      uiState.toastsNeeded = false
      return { default: () => null }
    }),
  )
}

export const Route = createRootRoute({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
})

function RootComponent() {
  const { toastsNeeded } = useSnapshot(uiState)
  return (
    <>
      <AuthGate>
        <Outlet />
      </AuthGate>
      <OfflineNotice />
      {toastsNeeded && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  )
}

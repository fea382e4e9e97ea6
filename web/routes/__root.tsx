import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants'
import { AuthGate } from '../features/auth/auth-gate'
import { NotFoundPage } from '../features/not-found/not-found-page'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootComponent,
  notFoundComponent: NotFoundPage,
})

function RootComponent() {
  return (
    <>
      <AuthGate>
        <Outlet />
      </AuthGate>
      <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
    </>
  )
}

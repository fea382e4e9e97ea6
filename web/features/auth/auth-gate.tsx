import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { TEXTS } from '../../../shared/texts'
import { globalState } from '../../state/global-state'
import { uiState } from '../../state/ui-state'
import { FullScreenSpinner } from '../layout/full-screen-spinner'
import { AuthScreen } from './auth-screen'
import { startApp } from './start-app'

// The signed-in app (layout, realtime, presence, chat) is a separate chunk: visitors on the
// sign-in screen never download it.
const SignedInApp = lazy(() => import('../layout/signed-in-app'))

/** Visitors see only the combined sign-in / registration screen (spec section 2). */
export function AuthGate({ children }: { children: ReactNode }) {
  const { account, isLoading } = useSnapshot(globalState)
  const { isVerifying } = useSnapshot(uiState)
  const navigate = useNavigate()
  useEffect(() => {
    void startApp(() => void navigate({ to: '/', search: {}, replace: true }))
  }, [navigate])
  if (isVerifying) return <FullScreenSpinner label={TEXTS.verifying} />
  if (isLoading) return <FullScreenSpinner label="Loading" />
  if (!account) return <AuthScreen />
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading" />}>
      <SignedInApp>{children}</SignedInApp>
    </Suspense>
  )
}

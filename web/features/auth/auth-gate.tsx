import { useLocation, useNavigate } from '@tanstack/react-router'
import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { TEXTS } from '../../../shared/texts'
import { globalState } from '../../state/global-state'
import { uiState } from '../../state/ui-state'
import { dropFirstPaint } from '../../lib/first-load'
import { preloadable } from '../../lib/preloadable'
import { FullScreenSpinner } from '../layout/full-screen-spinner'
import { SignedInApp } from '../layout/lazy-signed-in-app'
import { VerificationSteps } from '../verification/verification-steps'
import { AuthScreen } from './auth-screen'
import { RECOVERY_PATH } from './recovery-params'
import { startApp } from './start-app'
import { useSignedInElsewhere } from './use-signed-in-elsewhere'

// Only a mailed reset link opens it: a chunk of its own, not in every visitor's first script.
const RecoveryScreen = preloadable(async () => ({
  default: (await import('./recovery-screen')).RecoveryScreen,
}))

/** Visitors see only the combined sign-in / registration screen (spec section 2). */
export function AuthGate({ children }: { children: ReactNode }) {
  const { account, isLoading } = useSnapshot(globalState)
  const { isVerifying } = useSnapshot(uiState)
  const navigate = useNavigate()
  const pathname = useLocation({ select: (l) => l.pathname })
  // The Worker drew a room into the page; any screen but a room replaces it at once.
  const room = pathname === '/' || pathname.startsWith('/rooms/')
  const elsewhere = !room || pathname === RECOVERY_PATH || isVerifying || (!isLoading && !account)
  useLayoutEffect(() => {
    if (elsewhere) dropFirstPaint()
  }, [elsewhere])
  useEffect(() => {
    void startApp(() => void navigate({ to: '/', search: {}, replace: true }))
  }, [navigate])
  useSignedInElsewhere(!isLoading && !account)
  // The reset link works signed in or out: the new password ends every session anyway.
  if (pathname === RECOVERY_PATH)
    return (
      <Suspense fallback={<FullScreenSpinner label="Loading" />}>
        <RecoveryScreen />
      </Suspense>
    )
  if (isVerifying)
    return (
      <FullScreenSpinner label={TEXTS.verifying}>
        {/* In the first bundle, not a lazy chunk: React reveals a suspended chunk no sooner than
            300 ms, and a quick verification is over by then, its steps never shown. */}
        <VerificationSteps />
      </FullScreenSpinner>
    )
  if (isLoading) return <FullScreenSpinner label="Loading" />
  if (!account) return <AuthScreen />
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading" />}>
      <SignedInApp>{children}</SignedInApp>
    </Suspense>
  )
}

import { useLocation, useNavigate } from '@tanstack/react-router'
import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { TEXTS } from '../../../shared/texts'
import { globalState } from '../../state/global-state'
import { uiState } from '../../state/ui-state'
import { authPaintShown, dropFirstPaint, dropRoomPaint } from '../../lib/first-load'
import { preloadable } from '../../lib/preloadable'
import { whenSettled } from '../../lib/when-settled'
import { FullScreenSpinner } from '../layout/full-screen-spinner'
import { SignedInApp } from '../layout/lazy-signed-in-app'
import { VerificationSteps } from '../verification/verification-steps'
import { AuthScreen } from './lazy-auth-screen'
import { RECOVERY_PATH } from './recovery-params'
import { startApp } from './start-app'

// Only a mailed reset link opens it: a chunk of its own, not in every visitor's first script.
const RecoveryScreen = preloadable(async () => ({
  default: (await import('./recovery-screen')).RecoveryScreen,
}))

/** Visitors see only the combined sign-in / registration screen (spec section 2). */
export function AuthGate({ children }: { children: ReactNode }) {
  const { account, isLoading } = useSnapshot(globalState)
  const { isVerifying, signingOut } = useSnapshot(uiState)
  const navigate = useNavigate()
  const pathname = useLocation({ select: (l) => l.pathname })
  // The Worker drew a room into the page; any screen but a room replaces it at once.
  const room = pathname === '/' || pathname.startsWith('/rooms/')
  const signedOut = !isLoading && !account && pathname !== RECOVERY_PATH && !isVerifying
  const elsewhere = !room || pathname === RECOVERY_PATH || isVerifying || signedOut
  useLayoutEffect(() => {
    // The sign-in screen takes its own drawing away once its chunk is here (auth-screen.tsx).
    if (signedOut) dropRoomPaint()
    else if (elsewhere) dropFirstPaint()
  }, [elsewhere, signedOut])
  useEffect(() => {
    void startApp(() => void navigate({ to: '/', search: {}, replace: true }))
  }, [navigate])
  // Signed in: the sign-in screen's chunk, after the page has settled, for the moment the session
  // ends (this tab's sign-out, or another's) even offline.
  const signedIn = !!account
  useEffect(() => {
    if (signedIn) return whenSettled(() => void AuthScreen.preload().catch(() => undefined))
  }, [signedIn])
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
  if (isLoading) return <FullScreenSpinner label={signingOut ? 'Signing out' : 'Loading'} />
  if (!account)
    return (
      // While the chunk comes, the drawn sign-in screen shows if the page had it up.
      <Suspense fallback={authPaintShown() ? null : <FullScreenSpinner label="Loading" />}>
        <AuthScreen />
      </Suspense>
    )
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading" />}>
      <SignedInApp>{children}</SignedInApp>
    </Suspense>
  )
}

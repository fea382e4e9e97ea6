import { useEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { loadSession } from './load-session'
import { AuthScreen } from './auth-screen'
import { FullScreenSpinner } from '../layout/full-screen-spinner'

/** Visitors see only the combined sign-in / registration screen (spec section 2). */
export function AuthGate({ children }: { children: ReactNode }) {
  const { account, isLoading } = useSnapshot(globalState)
  useEffect(() => {
    void loadSession()
  }, [])
  if (isLoading) return <FullScreenSpinner label="Loading" />
  if (!account) return <AuthScreen />
  return <>{children}</>
}

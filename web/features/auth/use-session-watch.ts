import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { RealtimeResponseEvent } from 'appwrite'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { TEXTS, unsentKept } from '../../../shared/texts'
import { onUnauthorized } from '../../lib/api'
import { clearJwt } from '../../lib/jwt'
import { onRealtimeError, realtime, stopRealtime } from '../../lib/realtime'
import { probeSession } from '../../lib/session-probe'
import { globalState, signedOut } from '../../state/global-state'
import { showAuthNotice, uiState } from '../../state/ui-state'
import { outbox } from '../chat/outbox'
import { CHANNELS } from '../realtime/channels'

const SESSION_DELETED = /^users\.[^.]+\.sessions\.[^.]+\.delete$/

/**
 * A session can end behind the page's back: a logout elsewhere deletes every session (spec
 * section 4). Any sign of it (a session-delete event on the account channel, a realtime error,
 * the API's 401 after a JWT renewal) is checked against the backend, and a confirmed end runs
 * the spec's 401 path: signed out, realtime stopped, the sign-in screen, with a notice.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient()
  const { account } = useSnapshot(globalState)
  const meId = account?.$id

  useEffect(() => {
    if (!meId) return
    const check = () => void confirmEnded(queryClient)
    const sub = realtime.subscribe(CHANNELS.account, (e: RealtimeResponseEvent<unknown>) => {
      if (e.events.some((name) => SESSION_DELETED.test(name))) check()
    })
    // Its socket failing to open is the SDK's to retry (use-realtime-sync.ts).
    void sub.catch(() => undefined)
    const offError = onRealtimeError(check)
    const offApi = onUnauthorized(check)
    return () => {
      offError()
      offApi()
      void sub.then((s) => s.unsubscribe()).catch(() => undefined)
    }
  }, [meId, queryClient])
}

let checking: Promise<void> | null = null

function confirmEnded(queryClient: QueryClient): Promise<void> {
  checking ??= probeSession()
    .then((answer) => {
      // A logout from this tab (loading) or an earlier check already signed out.
      if (answer.signedOut && globalState.account && !globalState.isLoading)
        return sessionEnded(queryClient)
    })
    .finally(() => {
      checking = null
    })
  return checking
}

async function sessionEnded(queryClient: QueryClient) {
  clearJwt()
  // Messages not yet stored stay in the outbox, shown again (with "Retry") after the sign-in.
  const unsent = outbox.items.filter((item) => item.senderId === globalState.account?.$id).length
  uiState.signInEmail = globalState.account?.email ?? ''
  signedOut()
  uiState.signInNext = true
  queryClient.clear()
  showAuthNotice({
    type: 'info',
    title: TEXTS.sessionEndedTitle,
    body: unsent ? `${TEXTS.sessionEnded} ${unsentKept(unsent)}` : TEXTS.sessionEnded,
  })
  await stopRealtime().catch(() => undefined)
}

import { ERROR_TITLES, TEXTS } from '../../../shared/texts'
import { ApiError } from '../../lib/api-error'
import { isBackendError, isNetworkFailure, toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { firstLoad } from '../../lib/first-load'
import { answeredSignedOut, probeSession } from '../../lib/session-probe'
import { globalState, signedOut } from '../../state/global-state'
import { showAuthNotice, uiState } from '../../state/ui-state'
import { readVerificationParams } from '../verification/verification-params'
import { loadAuthActions } from './load-auth-actions'
import { preloadSignedIn } from './preload-signed-in'
import { RECOVERY_PATH } from './recovery-params'

let started: Promise<void> | null = null

/**
 * Runs once per page (StrictMode mounts twice; a verification secret works only once): the
 * verification landing first when the link's parameters are present, then the account check.
 */
export function startApp(replaceWithRoot: () => void): Promise<void> {
  started ??= run(replaceWithRoot)
  return started
}

async function run(replaceWithRoot: () => void) {
  // A reset link carries userId and secret too; it is the recovery screen's, not a verification.
  const params =
    window.location.pathname === RECOVERY_PATH
      ? null
      : readVerificationParams(window.location.search)
  if (params) {
    uiState.isVerifying = true
    try {
      await (await loadAuthActions()).verifyAccount(params)
      showAuthNotice({ type: 'success', title: ERROR_TITLES.verification, body: TEXTS.verified })
    } catch (err) {
      // The spec's "failure shows the error", in words for a link opened twice or too late.
      const used =
        (err instanceof ApiError && err.code === 'user_invalid_token') ||
        (isBackendError(err) && err.type === 'user_invalid_token')
      const notice = toNotice(ERROR_TITLES.verification, err)
      showAuthNotice(used ? { ...notice, body: TEXTS.verificationLinkUsed } : notice)
    } finally {
      replaceWithRoot()
      uiState.isVerifying = false
    }
  }
  // The early probe predates the verification, whose account state it may not show.
  await checkAccount(params !== null)
  // Signed in already: the auth screen is not shown, so the verification result becomes a toast.
  if (globalState.account && uiState.authNotice) {
    notify(uiState.authNotice)
    showAuthNotice(null)
  }
}

/**
 * Before the first render: when index.html's own probe has already said that nobody is signed
 * in, and no emailed link is to be handled, the sign-in screen is the first thing rendered (no
 * spinner, then a second render, a frame later).
 */
export function signedOutAtOnce() {
  const link =
    window.location.pathname === RECOVERY_PATH || !!readVerificationParams(window.location.search)
  if (!link && answeredSignedOut()) {
    // Display data kept from an earlier visit names someone whose session has since ended: the
    // first render must not be their signed-in app (nor leave the page's drawn sign-in screen
    // over it, scripts/auth-paint.ts).
    signedOut()
    globalState.isLoading = false
  }
}

async function checkAccount(fresh: boolean) {
  // Rendered from the page's embedded data already: checked behind the room, not a spinner. A
  // probe answered "signed out" before the first render showed the sign-in screen already.
  const background = firstLoad() !== null && !fresh
  const known = !fresh && answeredSignedOut()
  if (!background && !known) globalState.isLoading = true
  try {
    const probe = await probeSession(fresh || background)
    if (probe.signedOut) {
      signedOut()
      return
    }
    preloadSignedIn(window.location.pathname)
    // Only the account check: a signed-in reload does not need the forms' actions.
    await (await import('./session')).loadSession(probe.account)
  } catch (err) {
    // Offline, the banner says so already, and nobody tried to log in. Someone signed in here
    // before reads their rooms as they were (web/features/offline/), behind a network that
    // answers nothing while the browser calls itself online too (a Wi-Fi without internet).
    const unreachable = isNetworkFailure(err)
    const offline = unreachable && !navigator.onLine
    const me = globalState.account?.$id
    if (unreachable && me)
      await import('../offline/offline-history')
        .then((m) => m.restoreOfflineHistory(me))
        .catch(() => false)
    if (!offline) showAuthNotice(toNotice(ERROR_TITLES.login, err))
  } finally {
    globalState.isLoading = false
  }
}

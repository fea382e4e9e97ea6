import { useState } from 'react'
import { showAuthNotice, type AuthNotice } from '../../state/ui-state'
import { loadAuthActions } from './load-auth-actions'

type AuthActions = Awaited<ReturnType<typeof loadAuthActions>>

/**
 * The signed-out forms' one way to submit: busy while the action runs, the previous notice gone
 * first, a refusal shown as the card's notice. The forms load the actions (and the SDK behind
 * them) on first focus, so a submit rarely waits for them.
 */
export function useAuthSubmit() {
  const [busy, setBusy] = useState(false)

  async function submit(
    run: (actions: AuthActions) => Promise<unknown>,
    refusal: (err: unknown) => AuthNotice,
  ) {
    setBusy(true)
    showAuthNotice(null)
    try {
      await run(await loadAuthActions())
    } catch (err) {
      showAuthNotice(refusal(err))
    } finally {
      setBusy(false)
    }
  }

  const formProps = {
    className: 'auth-form',
    onFocus: () => void loadAuthActions(),
    'aria-busy': busy,
  }
  return { busy, submit, formProps }
}

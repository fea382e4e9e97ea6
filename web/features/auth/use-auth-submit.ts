import { useRef, useState } from 'react'
import { showAuthNotice, type AuthNotice } from '../../state/ui-state'
import { loadAuthActions } from './load-auth-actions'

type AuthActions = Awaited<ReturnType<typeof loadAuthActions>>

/**
 * The signed-out forms' one way to submit: busy while the action runs, the previous notice gone
 * first, a refusal shown as the card's notice. The forms load the actions (and the SDK behind
 * them) on first focus, so a submit rarely waits for them. A busy form's button is
 * aria-disabled, not disabled (that would drop the keyboard's focus to the page), so a second
 * submit meanwhile is ignored here.
 */
export function useAuthSubmit() {
  const [busy, setBusy] = useState(false)
  const running = useRef(false)

  async function submit(
    run: (actions: AuthActions) => Promise<unknown>,
    refusal: (err: unknown) => AuthNotice,
  ) {
    if (running.current) return
    running.current = true
    setBusy(true)
    showAuthNotice(null)
    try {
      await run(await loadAuthActions())
    } catch (err) {
      showAuthNotice(refusal(err))
    } finally {
      running.current = false
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

import { useState, type FormEvent } from 'react'
import { ERROR_TITLES, TEXTS } from '../../../shared/texts'
import { isUnverifiedRefusal, toNotice } from '../../lib/errors'
import { showAuthNotice } from '../../state/ui-state'
import { loadAuthActions } from './load-auth-actions'

type Props = { onForgot: () => void; onForgotIntent?: () => unknown }

export function SignInForm({ onForgot, onForgotIntent }: Props) {
  const [busy, setBusy] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const email = String(data.get('email') ?? '')
    setBusy(true)
    showAuthNotice(null)
    try {
      await (await loadAuthActions()).signIn(email, String(data.get('password') ?? ''))
    } catch (err) {
      const notice = toNotice(ERROR_TITLES.login, err)
      // Unverified: offer a new link, sent with the credentials just typed.
      showAuthNotice(isUnverifiedRefusal(err) ? { ...notice, resend: { email } } : notice)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="auth-form"
      onSubmit={onSubmit}
      onFocus={() => void loadAuthActions()}
      aria-busy={busy}
    >
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button
        type="button"
        className="link forgot"
        onClick={onForgot}
        onPointerEnter={onForgotIntent}
        onFocus={onForgotIntent}
      >
        {TEXTS.forgotPassword}
      </button>
      <button type="submit" className="primary" disabled={busy}>
        Sign in
      </button>
    </form>
  )
}

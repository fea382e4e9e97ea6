import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { ERROR_TITLES, TEXTS } from '../../../shared/texts'
import { isInvalidCredentials, isUnverifiedRefusal, toNotice } from '../../lib/errors'
import { takeDrawnSignIn } from './drawn-sign-in'
import { useAuthSubmit } from './use-auth-submit'

/** `onForgot` gets the email typed so far: the reset form starts with it. */
type Props = {
  onForgot: (email: string) => void
  onForgotIntent?: () => unknown
  /** The email field takes the focus (the screen was switched to this form), or the password
   * field when the email is given. */
  autoFocus?: boolean
  /** The account's email when its session ended elsewhere: only its password is asked. */
  initialEmail?: string
}

export function SignInForm({ onForgot, onForgotIntent, autoFocus, initialEmail }: Props) {
  const { busy, submit, formProps } = useAuthSubmit()
  const form = useRef<HTMLFormElement>(null)
  // Refused for its credentials: both fields are marked (which one is wrong, nobody says).
  const [refused, setRefused] = useState(false)
  // Before the screen drawn into the page is taken away (AuthGate's layout effect runs after).
  useLayoutEffect(() => takeDrawnSignIn(form.current!), [])

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const email = String(data.get('email') ?? '')
    await submit(
      (actions) => actions.signIn(email, String(data.get('password') ?? '')),
      (err) => {
        setRefused(isInvalidCredentials(err))
        const notice = toNotice(ERROR_TITLES.login, err)
        // Unverified: offer a new link, sent with the credentials just typed.
        return isUnverifiedRefusal(err) ? { ...notice, resend: { email } } : notice
      },
    )
  }

  return (
    <form {...formProps} ref={form} onSubmit={onSubmit} onInput={() => setRefused(false)}>
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={initialEmail}
          autoFocus={autoFocus && !initialEmail}
          aria-invalid={refused || undefined}
        />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={autoFocus && !!initialEmail}
          aria-invalid={refused || undefined}
        />
      </label>
      <button
        type="button"
        className="link forgot"
        onClick={() => onForgot(String(new FormData(form.current!).get('email') ?? '').trim())}
        onPointerEnter={onForgotIntent}
        onFocus={onForgotIntent}
      >
        {TEXTS.forgotPassword}
      </button>
      <button type="submit" className="primary" aria-disabled={busy || undefined}>
        Sign in
      </button>
    </form>
  )
}

import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { APP_NAME } from '../../../shared/constants'
import { TEXTS } from '../../../shared/texts'
import { showAuthNotice, uiState } from '../../state/ui-state'
import { NoticeAlert } from './notice-alert'
import { RegisterForm } from './register-form'
import { loadAuthActions } from './load-auth-actions'
import { SignInForm } from './sign-in-form'

type Mode = 'sign-in' | 'register'

/** One screen, two modes toggled by links (spec section 2). */
export function AuthScreen() {
  const [mode, setMode] = useState<Mode>('sign-in')
  const { authNotice } = useSnapshot(uiState)

  function switchTo(next: Mode) {
    // Form errors belong to the form they came from; success and info notices stay.
    if (authNotice && (authNotice.type === 'error' || authNotice.type === 'warning'))
      showAuthNotice(null)
    setMode(next)
  }

  return (
    <main className="auth-screen">
      <section className="auth-card" aria-labelledby="auth-title">
        <p className="brand" aria-hidden="true">
          <span className="brand-mark">K</span> {APP_NAME}
        </p>
        <h1 id="auth-title">{mode === 'sign-in' ? TEXTS.signInTitle : TEXTS.registerTitle}</h1>
        {authNotice && (
          <NoticeAlert notice={authNotice}>
            {authNotice.resend && (
              <>
                {' '}
                <button
                  type="button"
                  className="link inline"
                  onClick={() => {
                    const email = authNotice.resend!.email
                    void loadAuthActions().then((a) => a.resendVerification(email))
                  }}
                >
                  {TEXTS.resendLink}
                </button>
              </>
            )}
          </NoticeAlert>
        )}
        {mode === 'sign-in' ? <SignInForm /> : <RegisterForm />}
        <p className="auth-switch">
          {mode === 'sign-in' ? (
            <>
              No account yet?{' '}
              <button type="button" className="link" onClick={() => switchTo('register')}>
                Register
              </button>
            </>
          ) : (
            <>
              Already registered?{' '}
              <button type="button" className="link" onClick={() => switchTo('sign-in')}>
                Sign in
              </button>
            </>
          )}
        </p>
      </section>
    </main>
  )
}

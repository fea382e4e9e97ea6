import { Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { APP_NAME } from '../../../shared/constants'
import { RECOVERY_TEXTS, TEXTS } from '../../../shared/texts'
import { preloadable } from '../../lib/preloadable'
import { showAuthNotice, uiState } from '../../state/ui-state'
import { NoticeAlert } from './notice-alert'
import { RegisterForm } from './register-form'
import { loadAuthActions } from './load-auth-actions'
import { SignInForm } from './sign-in-form'

type Mode = 'sign-in' | 'register' | 'forgot'

// Asked for when "Forgot password?" is clicked (preloaded on hover), not with the sign-in screen.
const ForgotPasswordForm = preloadable(async () => ({
  default: (await import('./forgot-password-form')).ForgotPasswordForm,
}))

const TITLES: Record<Mode, string> = {
  'sign-in': TEXTS.signInTitle,
  register: TEXTS.registerTitle,
  forgot: RECOVERY_TEXTS.title,
}

/** One screen, two modes toggled by links (spec section 2), plus the reset-link request. */
export function AuthScreen({ initialMode = 'sign-in' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode)
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
        <h1 id="auth-title">{TITLES[mode]}</h1>
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
        {mode === 'sign-in' && (
          <SignInForm
            onForgot={() => switchTo('forgot')}
            onForgotIntent={ForgotPasswordForm.preload}
          />
        )}
        {mode === 'register' && <RegisterForm />}
        {mode === 'forgot' && (
          <Suspense fallback={null}>
            <ForgotPasswordForm />
          </Suspense>
        )}
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
              {mode === 'forgot' ? 'Remembered it?' : 'Already registered?'}{' '}
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

import { Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { APP_NAME } from '../../../shared/constants'
import { RECOVERY_TITLE, TEXTS } from '../../../shared/texts'
import { dropFirstPaint } from '../../lib/first-load'
import { preloadable } from '../../lib/preloadable'
import { useOnline } from '../../lib/use-online'
import { whenSettled } from '../../lib/when-settled'
import { showAuthNotice, uiState } from '../../state/ui-state'
import { NoticeAlert } from './notice-alert'
import { drawnEmail, drawnMode } from './drawn-sign-in'
import { loadAuthActions } from './load-auth-actions'
import { SignInForm } from './sign-in-form'
import { useSignedInElsewhere } from './use-signed-in-elsewhere'

type Mode = 'sign-in' | 'register' | 'forgot'

// Asked for when "Forgot password?" is clicked (preloaded on hover), not with the sign-in screen.
const ForgotPasswordForm = preloadable(async () => ({
  default: (await import('./forgot-password-form')).ForgotPasswordForm,
}))
// Not in the first script either (every page runs it, a signed-in room too): fetched once the
// sign-in screen has settled, or sooner when "Register" is pointed at or focused.
const RegisterForm = preloadable(async () => ({
  default: (await import('./register-form')).RegisterForm,
}))
const preloadRegister = () => void RegisterForm.preload().catch(() => undefined)

const TITLES: Record<Mode, string> = {
  'sign-in': TEXTS.signInTitle,
  register: TEXTS.registerTitle,
  forgot: RECOVERY_TITLE,
}

/** One screen, two modes toggled by links (spec section 2), plus the reset-link request. */
export function AuthScreen({ initialMode = 'sign-in' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode)
  // The email the next form starts with: the one typed before "Forgot password?" or in the drawing.
  const [email, setEmail] = useState('')
  // Switched by its links (not as the page opened): the new form's first field takes the focus,
  // which otherwise stayed on the link now saying the opposite.
  const [switched, setSwitched] = useState(false)
  // Signed out in this page: the email field takes the cursor, which was left on nothing (not on
  // a touch screen, whose keyboard would pop up unasked; asked here, not of enter-sends.ts, which
  // lives in the signed-in chunk that a visitor's page never loads).
  const [after] = useState(() => ({
    focus: uiState.signInNext && !matchMedia('(pointer: coarse)').matches,
    email: uiState.signInEmail,
  }))
  useEffect(() => void Object.assign(uiState, { signInNext: false, signInEmail: '' }), [])
  const { authNotice } = useSnapshot(uiState)
  // A failure for want of a network says so; the network back, it has had its say.
  const online = useOnline()
  useEffect(() => {
    if (online && uiState.authNotice?.body === TEXTS.offline) showAuthNotice(null)
  }, [online])
  useEffect(() => whenSettled(preloadRegister), [])
  useSignedInElsewhere()
  // Here at last: the screen drawn into the page goes (the form took what was typed there first).
  // A click on its "Register" or "Forgot password?" opens that form before the first paint, as
  // its links do (the focus in its first field), with the email typed there; read now, not at
  // the first render, which a chunk's late render may split from this moment.
  useLayoutEffect(() => {
    const asked = drawnMode()
    if (asked) {
      setEmail(drawnEmail())
      setMode(asked)
      setSwitched(true)
    }
    dropFirstPaint()
  }, [])

  function switchTo(next: Mode) {
    // Form errors belong to the form they came from; success and info notices stay between
    // signing in and registering ("check your inbox", "signed out"), not over a password reset.
    if (
      authNotice &&
      (next === 'forgot' || authNotice.type === 'error' || authNotice.type === 'warning')
    )
      showAuthNotice(null)
    setMode(next)
    setSwitched(true)
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
            autoFocus={switched || after.focus}
            initialEmail={after.email}
            onForgot={(typed) => {
              setEmail(typed)
              switchTo('forgot')
            }}
            onForgotIntent={ForgotPasswordForm.preload}
          />
        )}
        {mode === 'register' && (
          <Suspense fallback={null}>
            <RegisterForm autoFocus={switched} initialEmail={email} />
          </Suspense>
        )}
        {mode === 'forgot' && (
          <Suspense fallback={null}>
            <ForgotPasswordForm initialEmail={email} />
          </Suspense>
        )}
        <p className="auth-switch">
          {mode === 'sign-in' ? (
            <>
              No account yet?{' '}
              <button
                type="button"
                className="link"
                onClick={() => switchTo('register')}
                onPointerEnter={preloadRegister}
                onFocus={preloadRegister}
              >
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

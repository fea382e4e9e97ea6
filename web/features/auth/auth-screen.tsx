import { useState } from 'react'
import { TEXTS } from '../../../shared/texts'
import { SignInForm } from './sign-in-form'
import { RegisterForm } from './register-form'

type Mode = 'sign-in' | 'register'

/** One screen, two modes toggled by links (spec section 2). */
export function AuthScreen() {
  const [mode, setMode] = useState<Mode>('sign-in')
  return (
    <main className="auth-screen">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{mode === 'sign-in' ? TEXTS.signInTitle : TEXTS.registerTitle}</h1>
        {mode === 'sign-in' ? <SignInForm /> : <RegisterForm />}
        <p className="auth-switch">
          {mode === 'sign-in' ? (
            <>
              No account yet?{' '}
              <button type="button" className="link" onClick={() => setMode('register')}>
                Register
              </button>
            </>
          ) : (
            <>
              Already registered?{' '}
              <button type="button" className="link" onClick={() => setMode('sign-in')}>
                Sign in
              </button>
            </>
          )}
        </p>
      </section>
    </main>
  )
}

import { TEXTS } from '../../../shared/texts'

// Fields of the spec's login form; submitting is wired in the SPA issue.
export function SignInForm() {
  return (
    <form className="auth-form" onSubmit={(e) => e.preventDefault()}>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="button" className="link forgot">
        {TEXTS.forgotPassword}
      </button>
      <button type="submit" className="primary">
        Sign in
      </button>
    </form>
  )
}

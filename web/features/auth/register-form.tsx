// Fields of the spec's registration form; submitting is wired in the SPA issue.
export function RegisterForm() {
  return (
    <form className="auth-form" onSubmit={(e) => e.preventDefault()}>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <div className="row">
        <label>
          First name
          <input name="firstname" autoComplete="given-name" required />
        </label>
        <label>
          Last name
          <input name="lastname" autoComplete="family-name" required />
        </label>
      </div>
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" required />
      </label>
      <label>
        Confirm password
        <input name="confirmPassword" type="password" autoComplete="new-password" required />
      </label>
      <button type="submit" className="primary">
        Register
      </button>
    </form>
  )
}

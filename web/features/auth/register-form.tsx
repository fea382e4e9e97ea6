import { useState, type FormEvent } from 'react'
import { toNotice } from '../../lib/errors'
import { showAuthNotice } from '../../state/ui-state'
import { PasswordChecklist } from './password-checklist'
import { checkRegistration, emptyRegistration, type RegistrationInput } from './registration-rules'
import { useAuthSubmit } from './use-auth-submit'

export function RegisterForm() {
  const [form, setForm] = useState<RegistrationInput>(emptyRegistration)
  const { busy, submit, formProps } = useAuthSubmit()
  const field = (name: keyof RegistrationInput) => ({
    name,
    value: form[name],
    required: true,
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  })

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const problem = checkRegistration(form)
    if (problem) return showAuthNotice(problem)
    await submit(
      async (actions) => {
        const email = await actions.register(form)
        showAuthNotice({
          type: 'success',
          title: 'Registration Successful',
          body: `We sent a verification link to ${email}. Please open it to activate your account. Didn't get it?`,
          resend: { email },
        })
        setForm(emptyRegistration())
      },
      (err) => toNotice('registration', err),
    )
  }

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate>
      <label>
        Email
        <input type="email" autoComplete="email" {...field('email')} />
      </label>
      <div className="row">
        <label>
          First name
          <input autoComplete="given-name" {...field('firstname')} />
        </label>
        <label>
          Last name
          <input autoComplete="family-name" {...field('lastname')} />
        </label>
      </div>
      <label>
        Password
        <input type="password" autoComplete="new-password" {...field('password')} />
      </label>
      <PasswordChecklist password={form.password} />
      <label>
        Confirm password
        <input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Register
      </button>
    </form>
  )
}

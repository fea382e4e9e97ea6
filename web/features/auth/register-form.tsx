import { useState, type FormEvent } from 'react'
import { toNotice } from '../../lib/errors'
import { showAuthNotice } from '../../state/ui-state'
import { PasswordChecklist } from './password-checklist'
import {
  checkRegistration,
  emptyRegistration,
  problemField,
  type RegistrationInput,
} from './registration-rules'
import { useAuthSubmit } from './use-auth-submit'

export function RegisterForm() {
  const [form, setForm] = useState<RegistrationInput>(emptyRegistration)
  // The field a refusal is about: marked invalid, with the cursor, until it is changed.
  const [bad, setBad] = useState<keyof RegistrationInput | null>(null)
  const { busy, submit, formProps } = useAuthSubmit()
  const field = (name: keyof RegistrationInput) => ({
    name,
    value: form[name],
    required: true,
    'aria-invalid': bad === name || undefined,
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }))
      if (bad === name) setBad(null)
    },
  })

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const problem = checkRegistration(form)
    if (problem) {
      const at = problemField(form)
      setBad(at)
      if (at) (e.currentTarget.elements.namedItem(at) as HTMLInputElement | null)?.focus()
      return showAuthNotice(problem)
    }
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

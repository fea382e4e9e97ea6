import { useState, type FormEvent } from 'react'
import { ApiError } from '../../lib/api-error'
import { isBackendError, toNotice } from '../../lib/errors'
import { useMarkedField } from '../../lib/use-marked-field'
import { showAuthNotice } from '../../state/ui-state'
import { PasswordChecklist, RULES_ID } from './password-checklist'
import {
  checkRegistration,
  emptyRegistration,
  problemField,
  type RegistrationInput,
} from './registration-rules'
import { useAuthSubmit } from './use-auth-submit'

/**
 * `autoFocus`: the email field takes the focus (the screen was switched to this form);
 * `initialEmail`: one typed before it (the drawn sign-in screen's).
 */
export function RegisterForm(p: { autoFocus?: boolean; initialEmail?: string }) {
  const { autoFocus } = p
  const [form, setForm] = useState<RegistrationInput>(() => ({
    ...emptyRegistration(),
    email: p.initialEmail ?? '',
  }))
  const marked = useMarkedField<keyof RegistrationInput>()
  const { busy, submit, formProps } = useAuthSubmit()
  const field = (name: keyof RegistrationInput) => ({
    name,
    value: form[name],
    required: true,
    'aria-invalid': marked.invalid(name),
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }))
      // The field a refusal was about, changed: that refusal has had its say.
      if (marked.changed(name)) showAuthNotice(null)
    },
  })

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const problem = checkRegistration(form)
    if (problem) {
      marked.mark(problemField(form))
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
      (err) => {
        // Refused by the server for the address: not on the list, or already registered.
        if (isEmailRefusal(err)) marked.mark('email')
        return toNotice('registration', err)
      },
    )
  }

  return (
    <form {...formProps} ref={marked.formRef} onSubmit={onSubmit} noValidate>
      <label>
        Email
        <input type="email" autoComplete="email" autoFocus={autoFocus} {...field('email')} />
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
        <input
          type="password"
          autoComplete="new-password"
          aria-describedby={RULES_ID}
          {...field('password')}
        />
      </label>
      <PasswordChecklist password={form.password} />
      <label>
        Confirm password
        <input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </label>
      <button type="submit" className="primary" aria-disabled={busy || undefined}>
        Register
      </button>
    </form>
  )
}

const isEmailRefusal = (err: unknown) =>
  (err instanceof ApiError && (err.status === 403 || err.status === 409)) ||
  (isBackendError(err) && err.code === 409)

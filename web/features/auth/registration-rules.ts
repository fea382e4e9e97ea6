import { isStrongPassword } from '../../../shared/password-rules'
import { FORM_TEXTS } from '../../../shared/form-texts'
import type { Notice } from '../../lib/errors'

export type RegistrationInput = {
  email: string
  firstname: string
  lastname: string
  password: string
  confirmPassword: string
}

export const emptyRegistration = (): RegistrationInput => ({
  email: '',
  firstname: '',
  lastname: '',
  password: '',
  confirmPassword: '',
})

const formError = (body: string): Notice => ({
  type: 'warning',
  title: FORM_TEXTS.registrationFormError,
  body,
})

/**
 * The new-password checks of spec section 5 in order (match, then complexity), shared by the
 * registration and the password change in Settings; null when the password may be used.
 */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return FORM_TEXTS.passwordsDiffer
  if (!isStrongPassword(password)) return FORM_TEXTS.passwordTooWeak
  return null
}

/** True when every value has more than spaces. */
export const allFilled = (values: string[]) => values.every((v) => v.trim())

/** The form checks of spec section 5, in order; null when the form may be submitted. */
export function checkRegistration(input: RegistrationInput): Notice | null {
  const { email, firstname, lastname, password, confirmPassword } = input
  if (!allFilled([email, firstname, lastname, password, confirmPassword]))
    return formError(FORM_TEXTS.createRoomFieldsRequired)
  const problem = newPasswordProblem(password, confirmPassword)
  return problem ? formError(problem) : null
}

/** The field checkRegistration's notice is about: the first one left blank, else a password. */
export function problemField(input: RegistrationInput): keyof RegistrationInput | null {
  const order = ['email', 'firstname', 'lastname', 'password', 'confirmPassword'] as const
  const blank = order.find((k) => !allFilled([input[k]]))
  if (blank) return blank
  const problem = newPasswordProblem(input.password, input.confirmPassword)
  if (problem === FORM_TEXTS.passwordsDiffer) return 'confirmPassword'
  return problem ? 'password' : null
}

export const fullName = (input: Pick<RegistrationInput, 'firstname' | 'lastname'>) =>
  `${input.firstname.trim()} ${input.lastname.trim()}`

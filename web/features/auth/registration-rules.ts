import { isStrongPassword } from '../../../shared/password-rules'
import { TEXTS } from '../../../shared/texts'
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
  title: TEXTS.registrationFormError,
  body,
})

/** The form checks of spec section 5, in order; null when the form may be submitted. */
export function checkRegistration(input: RegistrationInput): Notice | null {
  const { email, firstname, lastname, password, confirmPassword } = input
  if (![email, firstname, lastname, password, confirmPassword].every((v) => v.trim()))
    return formError(TEXTS.createRoomFieldsRequired)
  if (password !== confirmPassword) return formError(TEXTS.passwordsDiffer)
  if (!isStrongPassword(password)) return formError(TEXTS.passwordTooWeak)
  return null
}

export const fullName = (input: Pick<RegistrationInput, 'firstname' | 'lastname'>) =>
  `${input.firstname.trim()} ${input.lastname.trim()}`

import { SETTINGS_TEXTS } from '../../../shared/settings-texts'
import { FORM_TEXTS } from '../../../shared/form-texts'
import { isInvalidCredentials, titleCase, toNotice, type Notice } from '../../lib/errors'
import { allFilled, newPasswordProblem } from '../auth/registration-rules'
import { explainThrottle } from '../../lib/throttled'

export type PasswordChangeInput = { current: string; password: string; confirmPassword: string }

export const emptyPasswordChange = (): PasswordChangeInput => ({
  current: '',
  password: '',
  confirmPassword: '',
})

const ACTION = 'change password'
const warning = (body: string): Notice => ({ type: 'warning', title: titleCase(ACTION), body })

/** The registration's password checks (spec section 5) plus a new password that really is new. */
export function checkPasswordChange(input: PasswordChangeInput): Notice | null {
  const { current, password, confirmPassword } = input
  if (!allFilled([current, password, confirmPassword]))
    return warning(FORM_TEXTS.createRoomFieldsRequired)
  const problem = newPasswordProblem(password, confirmPassword)
  if (problem) return warning(problem)
  if (password === current) return warning(SETTINGS_TEXTS.samePassword)
  return null
}

/** The field `checkPasswordChange`'s problem is about (marked and focused by the form). */
export function passwordChangeField(input: PasswordChangeInput): keyof PasswordChangeInput | null {
  const { current, password, confirmPassword } = input
  const empty = (['current', 'password', 'confirmPassword'] as const).find((k) => !input[k].trim())
  if (empty) return empty
  if (password !== confirmPassword) return 'confirmPassword'
  if (newPasswordProblem(password, password) || password === current) return 'password'
  return null
}

/**
 * The server's refusal as a notice. A wrong current password is Appwrite's login error, whose
 * text speaks of "email and password"; here it gets its own.
 */
export function passwordChangeError(err: unknown): Notice {
  const notice = toNotice(ACTION, explainThrottle(err))
  return isInvalidCredentials(err)
    ? { ...notice, body: SETTINGS_TEXTS.currentPasswordWrong }
    : notice
}

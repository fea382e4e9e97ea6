import { FORM_TEXTS } from '../../../shared/form-texts'
import { ApiError } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { fullName, type RegistrationInput } from './registration-rules'
import { rememberForResend } from './resend-verification'
import { sendVerification } from './send-verification'

const unauthorizedAttempt = () =>
  notify({ type: 'error', title: 'Registration', body: FORM_TEXTS.unauthorizedRegistration })

/**
 * Registration after the form checks: the server decides whether the email may register, then
 * creates the account (POST /api/auth/register), and the verification email is sent (spec
 * section 4). Returns the
 * normalised email the link went to.
 */
export async function register(input: RegistrationInput): Promise<string> {
  const email = input.email.trim().toLowerCase()
  const { state, message } = await productApi.authorized(email).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) unauthorizedAttempt()
    throw err
  })
  if (!state) {
    unauthorizedAttempt()
    throw new ApiError(403, 'forbidden', message ?? FORM_TEXTS.unauthorizedRegistration)
  }
  // The Worker checks the allowlist and the password rules again and creates the account with
  // its API key: direct sign-up is closed on the backend (docs/presence-privacy.md).
  await productApi
    .register({ email, password: input.password, name: fullName(input) })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 403) unauthorizedAttempt()
      throw err
    })
  await sendVerification(email, input.password)
  rememberForResend(email, input.password)
  return email
}

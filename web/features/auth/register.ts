import { ID } from 'appwrite'
import { TEXTS } from '../../../shared/texts'
import { ApiError } from '../../lib/api-error'
import { account } from '../../lib/appwrite'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { createSession, endSessions } from './create-session'
import { fullName, type RegistrationInput } from './registration-rules'

/**
 * Registration after the form checks: the server decides whether the email may register, then
 * the account is created and the verification email sent (spec section 4).
 */
export async function register(input: RegistrationInput): Promise<void> {
  const email = input.email.trim().toLowerCase()
  const { state, message } = await productApi.authorized(email).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      notify({ type: 'error', title: 'Registration', body: TEXTS.unauthorizedRegistration })
    }
    throw err
  })
  if (!state) {
    notify({ type: 'error', title: 'Registration', body: TEXTS.unauthorizedRegistration })
    throw new ApiError(403, 'forbidden', message ?? TEXTS.unauthorizedRegistration)
  }
  await account.create({
    userId: ID.unique(),
    email,
    password: input.password,
    name: fullName(input),
  })
  await sendVerification(email, input.password)
}

/**
 * Appwrite only sends a verification email to a signed-in user, so sign in for a moment and
 * end every session afterwards: the account stays unusable until verified.
 */
export async function sendVerification(email: string, password: string): Promise<void> {
  await createSession(email, password)
  try {
    await account.createEmailVerification({ url: `${window.location.origin}/` })
  } finally {
    await endSessions()
  }
}

import type { RegisterRequest } from '../../shared/schemas'
import { TEXTS } from '../../shared/texts'
import { BackendError, type BackendPort } from '../backend'
import type { Config } from '../config'
import { ApiError } from '../lib/api-error'
import { toAccount } from './chatee'
import { isPwnedPassword, PWNED_TEXT } from './pwned-passwords'

/**
 * Registration in both backend modes: the allowlist first, then the user is created with the API
 * key, so the password rules of the body's schema and this allowlist hold on real Appwrite too,
 * where the project's own sign-up is closed (docs/presence-privacy.md). No account is made otherwise.
 */
export async function registerUser(backend: BackendPort, config: Config, body: RegisterRequest) {
  const email = body.email.toLowerCase()
  if (!config.ALLOWED_EMAILS.includes(email))
    throw new ApiError(403, TEXTS.notAuthorized, 'not_authorized')
  // Here for both modes: the key-made user skips the backend's own sign-up check (and real
  // Appwrite has none). After the allowlist, so only a listed address makes the Worker ask.
  if (await isPwnedPassword(body.password, config.PWNED_PASSWORDS_URL))
    throw new ApiError(400, PWNED_TEXT, 'password_breached')
  try {
    return toAccount(await backend.createUser(email, body.password, body.name.trim()))
  } catch (err) {
    if (!(err instanceof BackendError)) throw err
    if (err.status === 409)
      throw new ApiError(409, 'An account with this email already exists', 'user_already_exists')
    // The backend's own password refusals (Appwrite's policy, the embedded rules) keep their words.
    if (err.status === 400 && err.type.startsWith('password_'))
      throw new ApiError(400, err.message, err.type)
    throw err
  }
}

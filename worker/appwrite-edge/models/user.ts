import { parseHash } from '../auth/password'
import type { UserRecord } from '../db/records'

// Appwrite's `user` model. On /account it is the Account model (no password, hash or
// hashOptions); the server's users API adds those three.

/** The email target Appwrite creates with every account; we derive it instead of storing it. */
function emailTarget(user: UserRecord) {
  return {
    $id: user.id,
    $createdAt: user.created_at,
    $updatedAt: user.created_at,
    name: '',
    userId: user.id,
    providerType: 'email',
    identifier: user.email,
    expired: false,
  }
}

export function accountModel(user: UserRecord) {
  return {
    $id: user.id,
    $createdAt: user.created_at,
    $updatedAt: user.updated_at,
    name: user.name,
    registration: user.created_at,
    status: Boolean(user.status),
    labels: JSON.parse(user.labels) as string[],
    passwordUpdate: user.password_update,
    email: user.email,
    phone: '',
    emailVerification: Boolean(user.email_verification),
    phoneVerification: false,
    mfa: false,
    prefs: prefsOf(user),
    targets: [emailTarget(user)],
    accessedAt: user.accessed_at,
  }
}

export type AccountModel = ReturnType<typeof accountModel>

/**
 * The full user for API keys. Hashes here are PBKDF2-SHA256 (peppered), not Argon2: they never
 * leave this backend, so `hash` names what they really are and `hashOptions` carries the
 * parameters a verifier would need (the pepper excepted).
 */
export function userModel(user: UserRecord) {
  const parsed = parseHash(user.password)
  return {
    ...accountModel(user),
    password: user.password,
    hash: parsed ? 'pbkdf2' : '',
    hashOptions: parsed
      ? { type: 'pbkdf2', hash: 'sha256', iterations: parsed.iterations, length: 32 }
      : {},
  }
}

export const prefsOf = (user: UserRecord) => JSON.parse(user.prefs) as Record<string, unknown>

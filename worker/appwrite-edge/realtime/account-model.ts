import type { UserRecord } from '../db/records'

// Minimal Account model for the `connected` and `authentication` frames (Appwrite's
// Response::MODEL_ACCOUNT: the user without password/hash). Stand-in until models/user.ts lands;
// switch to that mapper then so both paths render the same model.
export function accountModel(user: UserRecord): Record<string, unknown> {
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
    prefs: JSON.parse(user.prefs) as Record<string, unknown>,
    targets: [],
    accessedAt: user.accessed_at,
  }
}

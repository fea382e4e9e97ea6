import { deviceFields } from '../account/device'
import { countryName } from '../account/geo'
import type { SessionRecord } from '../db/records'

/**
 * Appwrite's `session` model. `secret` is empty unless an API key created the session (then it
 * is the encoded session value for setSession), as in Appwrite. Country codes are stored
 * lower-case like Appwrite's, `--` when unknown.
 */
export function sessionModel(s: SessionRecord, currentId: string | undefined, secret = '') {
  return {
    $id: s.id,
    $createdAt: s.created_at,
    $updatedAt: s.updated_at,
    userId: s.user_id,
    expire: s.expire,
    provider: s.provider,
    providerUid: s.provider_uid,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: s.ip,
    ...deviceFields(s.user_agent),
    countryCode: s.country_code,
    countryName: countryName(s.country_code),
    current: s.id === currentId,
    factors: JSON.parse(s.factors) as string[],
    secret,
    mfaUpdatedAt: '',
  }
}

export type SessionModel = ReturnType<typeof sessionModel>

import type { AvatarList } from '../../shared/constants'
import type { Config } from '../config'

/** Which approved list an email is on (spec section 3: it picks the avatar image). */
export function avatarList(config: Config, user: { email: string }): AvatarList {
  const email = user.email.toLowerCase()
  if (email === config.ADMIN_EMAIL) return 'admin'
  return config.SPECIAL_EMAILS.includes(email) ? 'special' : 'other'
}

import type { AvatarList } from '../../../shared/constants'
import adminImage from '../../assets/avatar-admin.svg'
import otherImage from '../../assets/avatar-other.svg'
import specialImage from '../../assets/avatar-special.svg'
import './avatar.css'

/** One image per approved list (spec section 3): the server says which list a person is on. */
export const AVATAR_IMAGES: Record<AvatarList, string> = {
  admin: adminImage,
  special: specialImage,
  other: otherImage,
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?'

/** The list's image with the person's initials over it (and as its text alternative). */
export function Avatar({
  name,
  list = 'other',
  size = 36,
}: {
  name: string
  list?: AvatarList
  size?: number
}) {
  const letters = initials(name)
  return (
    <span
      className="avatar"
      data-list={list}
      title={name}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      <img src={AVATAR_IMAGES[list]} alt={letters} width={size} height={size} />
      <span className="avatar-initials" aria-hidden="true">
        {letters}
      </span>
    </span>
  )
}

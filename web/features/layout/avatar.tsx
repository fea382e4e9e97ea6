import type { AvatarList } from '../../../shared/constants'
import './avatar.css'

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?'

/**
 * One image per approved list (spec section 3; the server says which list a person is on, and
 * avatar.css draws its image), with the person's initials over it as its text alternative.
 */
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
      role="img"
      aria-label={letters}
      title={name}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      <span className="avatar-initials" aria-hidden="true">
        {letters}
      </span>
    </span>
  )
}

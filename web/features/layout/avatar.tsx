import type { AvatarList } from '../../../shared/constants'
import { initials } from '../../../shared/initials'
import './avatar.css'

export { initials }

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

import type { AvatarList } from '../../../shared/constants'
import './avatar.css'

// The first letters of the name's first two words: a word starts at a letter that no letter,
// mark or digit comes right before, nor an apostrophe or hyphen inside a word ("O'Brien",
// "Jean-Luc" are one word; quotes are not). Composed first, so an accent is its letter's.
export const initials = (name: string) =>
  (name.normalize('NFC').match(/(?<![\p{L}\p{M}\p{N}]|[\p{L}\p{M}]['’-])\p{L}/gu) ?? [])
    .slice(0, 2)
    .join('')
    .toUpperCase() || '?'

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

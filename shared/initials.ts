// An avatar's text, for the SPA (web/features/layout/avatar.tsx) and the Worker's first paint.

// The first letters of the name's first two words: a word starts at a letter that no letter,
// mark or digit comes right before, nor an apostrophe or hyphen inside a word ("O'Brien",
// "Jean-Luc" are one word; quotes are not). Composed first, so an accent is its letter's.
export const initials = (name: string) =>
  (name.normalize('NFC').match(/(?<![\p{L}\p{M}\p{N}]|[\p{L}\p{M}]['’-])\p{L}/gu) ?? [])
    .slice(0, 2)
    .join('')
    .toUpperCase() || '?'

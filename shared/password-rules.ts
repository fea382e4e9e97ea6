import { PASSWORD_MIN_LENGTH } from './constants'

// Each rule is shown with a live pass/fail marker on the registration form (spec section 5).
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'upper', label: 'One upper case letter', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'lower', label: 'One lower case letter', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /\p{Nd}/u.test(p) },
  // "Symbol" is any character that is neither a letter nor a digit, spaces included.
  { id: 'symbol', label: 'One symbol', test: (p: string) => /[^\p{L}\p{Nd}]/u.test(p) },
] as const

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id']

export function checkPassword(password: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.id, r.test(password)])) as Record<
    PasswordRuleId,
    boolean
  >
}

export const isStrongPassword = (password: string) =>
  Object.values(checkPassword(password)).every(Boolean)

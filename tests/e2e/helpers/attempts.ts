import type { TestContext } from 'vitest'
import { exampleVars } from '../../../scripts/local-vars'

// In CI a failed browser test runs once more (vitest.config.ts), on what its first attempt left
// behind: the same server, pages and accounts. These let a retry start from a known state.

/** Whether this run of the test is a retry: an attempt before it failed. */
export const isRetry = ({ task }: TestContext): boolean => (task.result?.retryCount ?? 0) > 0

/**
 * The n-th address of one person: the address itself first, then `name+2@domain`, `name+3@…`.
 * For a test that registers an account (a second registration of an address is refused) and
 * whose address is no one's in particular (not the admin's nor on the special list).
 */
export const numberedEmail = (email: string, n: number): string =>
  n === 1 ? email : email.replace('@', `+${n}@`)

/**
 * Server vars whose allowlist is the documented one plus `email`'s numbered addresses up to
 * `count` (numberedEmail): the allowlist matches whole addresses, so each must be listed.
 */
export function allowNumbered(email: string, count: number): { ALLOWED_EMAILS: string } {
  const numbered = Array.from({ length: count - 1 }, (_, i) => numberedEmail(email, i + 2))
  return { ALLOWED_EMAILS: [exampleVars().ALLOWED_EMAILS!, ...numbered].join(',') }
}

/** Texts of one attempt only (a retry finds the first attempt's messages): each ends in `tag`. */
export const tagged = <T extends readonly string[]>(tag: string, ...texts: T) =>
  texts.map((t) => `${t} ${tag}`) as { -readonly [K in keyof T]: string }

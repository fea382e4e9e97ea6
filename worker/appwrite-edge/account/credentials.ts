import { timingSafeEqual } from '../auth/crypto'
import { parseHash } from '../auth/password'
import type { UserRecord } from '../db/records'

// A stand-in derived hash (the length of a real one) for comparisons without a user, so an
// unknown account and a wrong password take the same path and the same work.
const DECOY_HASH = 'A'.repeat(43)

/** Whether the Worker's proof (PBKDF2 of the password with the stored salt) matches the hash. */
export function proofMatches(user: UserRecord | undefined, proof: string): boolean {
  const stored = user ? parseHash(user.password)?.hash : undefined
  const equal = timingSafeEqual(proof, stored ?? DECOY_HASH)
  return equal && stored !== undefined
}

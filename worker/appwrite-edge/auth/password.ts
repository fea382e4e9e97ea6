import { fromBase64Url, hmac, toBase64Url } from './crypto'

// Production Workers reject PBKDF2 above 100,000 iterations (local workerd does not), so we use
// the cap and add a secret pepper (HMAC with PASSWORD_PEPPER) that never sits beside the hashes.
// Hashing runs in the stateless Worker, never in the Durable Object, so a login does not stall
// realtime delivery.
export const PRODUCTION_PBKDF2_CAP = 100_000
export const PBKDF2_ITERATIONS = 100_000
const ALGORITHM = 'pbkdf2-sha256'

export type PasswordHash = { salt: string; iterations: number; hash: string }

const usable = (iterations: number) =>
  Number.isInteger(iterations) && iterations >= 1 && iterations <= PRODUCTION_PBKDF2_CAP

/**
 * One of our hashes, or undefined. A count above the production cap (an import, a migration) is
 * unusable: deployed, WebCrypto would throw on it, so it reads as no hash (wrong credentials).
 */
export function parseHash(encoded: string): PasswordHash | undefined {
  const [alg, iterations, salt, hash] = encoded.split('$')
  if (alg !== ALGORITHM || !salt || !hash || !/^\d+$/.test(iterations)) return undefined
  const n = Number(iterations)
  return usable(n) ? { iterations: n, salt, hash } : undefined
}

export const encodeHash = (h: PasswordHash) => `${ALGORITHM}$${h.iterations}$${h.salt}$${h.hash}`

export async function derive(
  password: string,
  pepper: string,
  salt: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<string> {
  // Fails the same way locally as deployed, where WebCrypto refuses more.
  if (!usable(iterations))
    throw new Error(`PBKDF2 iterations must be 1 to 100,000 (requested ${iterations})`)
  const peppered = await hmac(pepper, password)
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64Url(salt), iterations },
    key,
    256,
  )
  return toBase64Url(bits)
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = toBase64Url(crypto.getRandomValues(new Uint8Array(16)))
  return encodeHash({
    salt,
    iterations: PBKDF2_ITERATIONS,
    hash: await derive(password, pepper, salt),
  })
}

/** A stable fake salt for unknown emails, so a miss costs the same hash as a hit. */
export async function decoySalt(email: string, pepper: string): Promise<string> {
  return toBase64Url((await hmac(pepper, `decoy-salt:${email}`)).slice(0, 16))
}

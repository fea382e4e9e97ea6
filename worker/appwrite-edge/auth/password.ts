import { fromBase64Url, hmac, toBase64Url } from './crypto'

// Production Workers reject PBKDF2 above 100,000 iterations (local workerd does not), so we use
// the cap and add a secret pepper (HMAC with AUTH_SECRET) that never sits beside the hashes.
// A test fails if this ever exceeds the cap. Hashing runs in the stateless Worker, never in the
// Durable Object, so a login does not stall realtime delivery.
export const PBKDF2_ITERATIONS = 100_000
export const PRODUCTION_PBKDF2_CAP = 100_000
const ALGORITHM = 'pbkdf2-sha256'

export type PasswordHash = { salt: string; iterations: number; hash: string }

export function parseHash(encoded: string): PasswordHash | undefined {
  const [alg, iterations, salt, hash] = encoded.split('$')
  if (alg !== ALGORITHM || !salt || !hash) return undefined
  return { iterations: Number(iterations), salt, hash }
}

export const encodeHash = (h: PasswordHash) => `${ALGORITHM}$${h.iterations}$${h.salt}$${h.hash}`

export async function derive(
  password: string,
  pepper: string,
  salt: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<string> {
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

import { BoundedMap } from '../../lib/bounded-map'
import { fromBase64Url, hmac, timingSafeEqual, toBase64Url } from './crypto'

// HS256 JWTs like Appwrite's account.createJWT: payload {userId, sessionId, exp}.
export type JwtPayload = { userId: string; sessionId: string; exp: number }

const enc = new TextEncoder()
const b64json = (v: unknown) => toBase64Url(enc.encode(JSON.stringify(v)))
const HEADER = b64json({ typ: 'JWT', alg: 'HS256' })

export async function signJwt(payload: JwtPayload, secret: string): Promise<string> {
  const body = `${HEADER}.${b64json(payload)}`
  return `${body}.${toBase64Url(await hmac(`jwt:${secret}`, body))}`
}

// Tokens whose signature checked out, by token: a client repeats its JWT with every call, and
// the same bytes under the same secret always check the same way. Expiry is checked every time.
const signed = new BoundedMap<string, { secret: string; payload: JwtPayload }>(512)

async function signedPayload(token: string, secret: string): Promise<JwtPayload | undefined> {
  const known = signed.get(token)
  if (known?.secret === secret) return known.payload
  const [h, p, s] = token.split('.')
  if (!h || !p || !s || h !== HEADER) return undefined
  const expected = toBase64Url(await hmac(`jwt:${secret}`, `${h}.${p}`))
  if (!timingSafeEqual(expected, s)) return undefined
  try {
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(p))) as JwtPayload
    signed.set(token, { secret, payload })
    return payload
  } catch {
    return undefined
  }
}

/** Returns the payload of a well-signed, unexpired token, otherwise undefined. */
export async function verifyJwt(token: string, secret: string): Promise<JwtPayload | undefined> {
  const payload = await signedPayload(token, secret)
  return payload && payload.exp * 1000 > Date.now() ? payload : undefined
}

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

/** Returns the payload of a well-signed, unexpired token, otherwise undefined. */
export async function verifyJwt(token: string, secret: string): Promise<JwtPayload | undefined> {
  const [h, p, s] = token.split('.')
  if (!h || !p || !s || h !== HEADER) return undefined
  const expected = toBase64Url(await hmac(`jwt:${secret}`, `${h}.${p}`))
  if (!timingSafeEqual(expected, s)) return undefined
  try {
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(p))) as JwtPayload
    return payload.exp * 1000 > Date.now() ? payload : undefined
  } catch {
    return undefined
  }
}

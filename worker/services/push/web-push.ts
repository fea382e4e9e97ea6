/*
 * Web Push for the Worker with WebCrypto only: payload encryption (RFC 8291, aes128gcm of RFC
 * 8188, one record) and the VAPID authorization (RFC 8292). Our own module rather than a library:
 * the npm packages that run in workerd do not let a test fix the salt and the sender's key pair,
 * so the RFCs' published vectors could not check the code that ships (tests/unit/web-push.test.ts).
 */

export type PushKeys = { p256dh: string; auth: string }
export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

const enc = new TextEncoder()
type Bytes = Uint8Array<ArrayBuffer>
const utf8 = (s: string): Bytes => new Uint8Array(enc.encode(s))

export function b64uEncode(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function b64uDecode(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}

const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) out.set(p, (at += p.length) - p.length)
  return out
}

async function hmac(key: Bytes, data: Bytes): Promise<Bytes> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data))
}

/** A P-256 public key (65-byte uncompressed point) as a JWK, optionally with its private `d`. */
export function p256Jwk(point: Uint8Array, d?: string): JsonWebKey {
  if (point.length !== 65 || point[0] !== 4)
    throw new TypeError('expected an uncompressed P-256 point')
  const xy = { x: b64uEncode(point.slice(1, 33)), y: b64uEncode(point.slice(33)) }
  return { kty: 'EC', crv: 'P-256', ...xy, ...(d ? { d } : {}), ext: true }
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const
// One record of 4096 bytes: the content of a push message is at most 4096 bytes (RFC 8030 §7.2).
const RECORD_SIZE = 4096
export const MAX_PLAINTEXT = RECORD_SIZE - 86 - 16 - 1

/** For tests only: the RFC's fixed salt and sender key pair instead of fresh random ones. */
export type EncryptFixture = {
  salt: Bytes
  senderPublic: Bytes
  senderPrivate: CryptoKey
}

/** RFC 8291 §3–4: the aes128gcm body for one subscription. */
export async function encryptPayload(
  plaintext: Uint8Array,
  keys: PushKeys,
  fixture?: EncryptFixture,
): Promise<Bytes> {
  if (plaintext.length > MAX_PLAINTEXT) throw new RangeError('push payload too large')
  const uaPublic = b64uDecode(keys.p256dh)
  const auth = b64uDecode(keys.auth)
  if (auth.length !== 16) throw new TypeError('expected a 16-byte auth secret')
  const uaKey = await crypto.subtle.importKey('jwk', p256Jwk(uaPublic), ECDH, false, [])
  let salt: Bytes | undefined = fixture?.salt
  let asPublic = fixture?.senderPublic
  let asPrivate = fixture?.senderPrivate
  if (!salt || !asPublic || !asPrivate) {
    salt = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(16)))
    const pair = (await crypto.subtle.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair
    asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
    asPrivate = pair.privateKey
  }
  // `public` is the standard member (workers-types spell it `$public`).
  const algorithm = { name: 'ECDH', public: uaKey } as unknown as Parameters<
    typeof crypto.subtle.deriveBits
  >[0]
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits(algorithm, asPrivate, 256))
  const prkKey = await hmac(auth, ecdh)
  const keyInfo = concat(utf8('WebPush: info\0'), uaPublic, asPublic)
  const ikm = await hmac(prkKey, concat(keyInfo, new Uint8Array([1])))
  const prk = await hmac(salt, ikm)
  const cek = (await hmac(prk, utf8('Content-Encoding: aes128gcm\0\x01'))).slice(0, 16)
  const nonce = (await hmac(prk, utf8('Content-Encoding: nonce\0\x01'))).slice(0, 12)
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt'])
  // The one (last) record: the plaintext, then the delimiter 0x02, no padding.
  const record = concat(plaintext, new Uint8Array([2]))
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, record)
  const header = new Uint8Array(21)
  header.set(salt)
  new DataView(header.buffer).setUint32(16, RECORD_SIZE)
  header[20] = asPublic.length
  return concat(header, asPublic, new Uint8Array(sealed))
}

export type VapidClaims = { aud: string; exp: number; sub: string }

/** The JWT's `header.claims` part, in the order of RFC 8292 §2.4's example. */
export function vapidSigningInput(claims: VapidClaims): string {
  const header = b64uEncode(utf8(JSON.stringify({ typ: 'JWT', alg: 'ES256' })))
  const body = { aud: claims.aud, exp: claims.exp, sub: claims.sub }
  return `${header}.${b64uEncode(utf8(JSON.stringify(body)))}`
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>` for the push service of `endpoint`. */
export async function vapidAuthorization(
  endpoint: string,
  vapid: VapidKeys,
  now = Date.now(),
): Promise<string> {
  const jwk = p256Jwk(b64uDecode(vapid.publicKey), vapid.privateKey)
  const key = await crypto.subtle.importKey(
    'jwk',
    jwk,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  )
  // 12 hours: well within the 24 hours a push service accepts.
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + 12 * 3600,
    sub: vapid.subject,
  }
  const input = vapidSigningInput(claims)
  // WebCrypto's ECDSA signature is r || s, exactly JWS's ES256 form.
  const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, utf8(input))
  return `vapid t=${input}.${b64uEncode(new Uint8Array(sig))}, k=${vapid.publicKey}`
}

/**
 * A push's `Topic` (RFC 8030 §5.4: at most 32 base64url characters) for a notification tag: a
 * push service still holding an undelivered push of the same topic replaces it, as the device
 * replaces a shown notification of the same tag.
 */
export async function topicOf(tag: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8(tag))
  return b64uEncode(new Uint8Array(digest)).slice(0, 32)
}

/** The HTTP request (RFC 8030 §5) that delivers `payload` to one subscription. */
export async function pushRequest(
  sub: { endpoint: string } & PushKeys,
  payload: { tag?: string },
  vapid: VapidKeys,
  ttlSeconds = 24 * 3600,
): Promise<Request> {
  const body = await encryptPayload(utf8(JSON.stringify(payload)), sub)
  return new Request(sub.endpoint, {
    method: 'POST',
    headers: {
      authorization: await vapidAuthorization(sub.endpoint, vapid),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(ttlSeconds),
      urgency: 'high',
      ...(payload.tag && { topic: await topicOf(payload.tag) }),
    },
    body,
  })
}

const enc = new TextEncoder()

const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))

export function toHex(buf: ArrayBuffer | Uint8Array): string {
  let out = ''
  for (const b of buf instanceof Uint8Array ? buf : new Uint8Array(buf)) out += HEX_PAIRS[b]
  return out
}

export const toBase64Url = (buf: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...(buf instanceof Uint8Array ? buf : new Uint8Array(buf))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

export const fromBase64Url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', enc.encode(text)))
}

// Imported once per isolate: every JWT check signs with the same few configured secrets (never
// per-user ones), so the map stays as small as the configuration.
const hmacKeys = new Map<string, Promise<CryptoKey>>()

export async function hmac(secret: string, data: string): Promise<ArrayBuffer> {
  let key = hmacKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      enc.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    hmacKeys.set(secret, key)
  }
  return crypto.subtle.sign('HMAC', await key, enc.encode(data))
}

/** 256 bits from the CSPRNG, as 64 hex characters. */
export const randomSecret = () => toHex(crypto.getRandomValues(new Uint8Array(32)))

/** Compares two strings without an early exit, so timing does not reveal a matching prefix. */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = enc.encode(a)
  const y = enc.encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

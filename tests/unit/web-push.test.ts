import { createDecipheriv, createECDH, createHmac, createPublicKey, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  b64uDecode,
  b64uEncode,
  encryptPayload,
  MAX_PLAINTEXT,
  p256Jwk,
  vapidAuthorization,
  vapidSigningInput,
} from '../../worker/services/push/web-push'

// RFC 8291 Appendix A.
const A = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic:
    'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  header:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  ciphertext: '8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ',
}

// RFC 8292 §2.4 (its private key is not published: the example's signature is verified instead).
const V = {
  header: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9',
  claims:
    'eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0',
  signature:
    'i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA',
  publicKey:
    'BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs',
}

const es256Verify = (publicKey: string, input: string, signature: string) =>
  verify(
    'sha256',
    Buffer.from(input),
    {
      key: createPublicKey({ key: p256Jwk(b64uDecode(publicKey)) as never, format: 'jwk' }),
      dsaEncoding: 'ieee-p1363',
    },
    b64uDecode(signature),
  )

/** The receiving browser's side of RFC 8291, written with node:crypto (not our module). */
function decrypt(body: Uint8Array, uaPrivate: string, uaPublic: string, auth: string) {
  const salt = body.subarray(0, 16)
  const idlen = body[20]
  const asPublic = body.subarray(21, 21 + idlen)
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(b64uDecode(uaPrivate))
  const secret = ecdh.computeSecret(asPublic)
  const h = (k: Uint8Array, d: Uint8Array) => createHmac('sha256', k).update(d).digest()
  const prkKey = h(b64uDecode(auth), secret)
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    b64uDecode(uaPublic),
    asPublic,
    Buffer.from([1]),
  ])
  const prk = h(salt, h(prkKey, info))
  const cek = h(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = h(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const sealed = body.subarray(21 + idlen)
  const d = createDecipheriv('aes-128-gcm', cek, nonce)
  d.setAuthTag(sealed.subarray(sealed.length - 16))
  const record = Buffer.concat([d.update(sealed.subarray(0, sealed.length - 16)), d.final()])
  expect(record[record.length - 1]).toBe(2)
  return record.subarray(0, record.length - 1).toString('utf8')
}

describe('RFC 8291 payload encryption', () => {
  it('encrypts the Appendix A example byte for byte', async () => {
    const senderPublic = b64uDecode(A.asPublic)
    const senderPrivate = await crypto.subtle.importKey(
      'jwk',
      p256Jwk(senderPublic, A.asPrivate),
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      ['deriveBits'],
    )
    const body = await encryptPayload(
      new TextEncoder().encode(A.plaintext),
      { p256dh: A.uaPublic, auth: A.auth },
      { salt: b64uDecode(A.salt), senderPublic, senderPrivate },
    )
    expect(b64uEncode(body.subarray(0, 86))).toBe(A.header)
    expect(b64uEncode(body.subarray(86))).toBe(A.ciphertext)
  })

  it('uses a fresh salt and sender key per message, which the receiver decrypts', async () => {
    const keys = { p256dh: A.uaPublic, auth: A.auth }
    const text = new TextEncoder().encode('{"title":"Ada"}')
    const [one, two] = await Promise.all([encryptPayload(text, keys), encryptPayload(text, keys)])
    expect(b64uEncode(one.subarray(0, 86))).not.toBe(b64uEncode(two.subarray(0, 86)))
    expect(decrypt(one, A.uaPrivate, A.uaPublic, A.auth)).toBe('{"title":"Ada"}')
    expect(decrypt(two, A.uaPrivate, A.uaPublic, A.auth)).toBe('{"title":"Ada"}')
  })

  it('refuses bad subscription keys and a payload over one record', async () => {
    const text = new TextEncoder().encode('x')
    await expect(encryptPayload(text, { p256dh: A.uaPublic, auth: 'c2hvcnQ' })).rejects.toThrow(
      /auth/,
    )
    await expect(encryptPayload(text, { p256dh: A.auth, auth: A.auth })).rejects.toThrow(/P-256/)
    const big = new Uint8Array(MAX_PLAINTEXT + 1)
    await expect(encryptPayload(big, { p256dh: A.uaPublic, auth: A.auth })).rejects.toThrow(
      RangeError,
    )
  })
})

describe('RFC 8292 VAPID', () => {
  it('builds the §2.4 example’s signing input, whose signature verifies under its key', () => {
    const claims = {
      aud: 'https://push.example.net',
      exp: 1453523768,
      sub: 'mailto:push@example.com',
    }
    expect(vapidSigningInput(claims)).toBe(`${V.header}.${V.claims}`)
    expect(es256Verify(V.publicKey, `${V.header}.${V.claims}`, V.signature)).toBe(true)
    expect(es256Verify(V.publicKey, `${V.header}.${V.claims}x`, V.signature)).toBe(false)
  })

  it('signs a token for the endpoint’s origin that verifies under k', async () => {
    const vapid = {
      publicKey: A.asPublic,
      privateKey: A.asPrivate,
      subject: 'mailto:ops@kathelia.test',
    }
    const now = Date.UTC(2026, 0, 1)
    const auth = await vapidAuthorization('https://push.example.net/p/abc?x=1', vapid, now)
    const m = /^vapid t=([\w-]+\.[\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(auth)
    expect(m).not.toBeNull()
    const [, input, sig, k] = m!
    expect(k).toBe(A.asPublic)
    expect(es256Verify(k, input, sig)).toBe(true)
    const claims = JSON.parse(Buffer.from(b64uDecode(input.split('.')[1])).toString())
    expect(claims).toEqual({
      aud: 'https://push.example.net',
      exp: now / 1000 + 43200,
      sub: vapid.subject,
    })
  })
})

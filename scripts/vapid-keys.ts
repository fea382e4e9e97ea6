// `npm run vapid:keys`: a new VAPID key pair (RFC 8292) for Web Push, printed as the three
// variables to set. The private key is a secret: `wrangler secret put VAPID_PRIVATE_KEY`.
import { generateKeyPairSync } from 'node:crypto'

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
const pub = publicKey.export({ format: 'jwk' })
const priv = privateKey.export({ format: 'jwk' })
const point = Buffer.concat([
  Buffer.from([4]),
  Buffer.from(pub.x!, 'base64url'),
  Buffer.from(pub.y!, 'base64url'),
])
const subject = process.argv[2] ?? 'mailto:admin@example.com'
console.log(`VAPID_PUBLIC_KEY=${point.toString('base64url')}`)
console.log(`VAPID_PRIVATE_KEY=${priv.d}`)
console.log(`VAPID_SUBJECT=${subject}`)

import { Hono, type Context } from 'hono'
import { hmac, randomSecret, sha256Hex, toHex } from '../auth/crypto'
import { hashSecret } from '../auth/session'
import type { EdgeHono } from '../context'
import { isoNow } from '../db/sql'
import { uniqueId } from '../db/sql'
import { fail } from '../errors'
import { tokenModel, type TokenRecord } from '../models/token'
import { userChildEvent } from './events'
import { requireUser } from './guard'
import { recoveryMail, tokenLink, verificationMail } from './mail'
import { appUrl, hashedPassword, P, parseParams, readBody } from './params'
import { endSessions, liveSessions } from './sessions'
import { findUser, findUserByEmail, updateUser } from './store'
import { ACTION_LIMITS, clearCounter, hit, rateLimit } from './throttle'
import { attemptKeys } from './known-device'
import { issueToken, redeemToken, TOKEN_CONFIRM, TOKEN_SECONDS } from './tokens'

type C = Context<EdgeHono>

/** Appwrite's per-route abuse limit (10 per hour on these routes); API keys are exempt. */
function limit(c: C, key: string) {
  if (c.var.edge.caller.kind === 'key') return
  rateLimit(c.var.edge.sql, key, ACTION_LIMITS.count, ACTION_LIMITS.windowSeconds)
}

async function createVerification(c: C) {
  const edge = c.var.edge
  const { user } = requireUser(edge)
  const { url } = parseParams(await readBody(c), { url: P.url() })
  appUrl(url, c.req.url, edge.config.APP_ORIGINS)
  if (user.email_verification) fail('user_email_already_verified')
  limit(c, `verification-mail:${user.id}`)
  const { record, secret } = await issueToken(edge.sql, user.id, 'verification')
  const link = tokenLink(url, user.id, secret, record.expire)
  await edge.sendMail(verificationMail(user.email, user.name, link))
  const token = tokenModel(record)
  edge.publish(userChildEvent(user.id, 'verification', record.id, 'create', token))
  return c.json(token, 201)
}

async function updateVerification(c: C) {
  const edge = c.var.edge
  const p = parseParams(await readBody(c), TOKEN_CONFIRM)
  limit(c, `verification:${p.userId}`)
  // An unknown user is an invalid token too, as in recovery: the answer is no account oracle.
  const user = findUser(edge.sql, p.userId)
  const record =
    (user && (await redeemToken(edge.sql, user.id, 'verification', p.secret))) ??
    fail('user_invalid_token')
  updateUser(edge.sql, record.user_id, { email_verification: 1 })
  const token = tokenModel(record)
  // users/verified is a role: realtime recomputes this user's roles.
  edge.publish(userChildEvent(record.user_id, 'verification', record.id, 'update', token, true))
  return c.json(token, 200)
}

// Real ids start with their creation time (uniqueId: 8 hex seconds, 5 hex milliseconds); a
// stand-in of random hex would start with a time in the far past or future and give itself away.
// Its time is stable per address, within 2024 and 2025.
const DECOY_FROM = Date.UTC(2024, 0, 1) / 1000
const DECOY_SPAN = 2 * 365 * 24 * 3600

function decoyUserId(tag: string): string {
  const seconds = DECOY_FROM + (parseInt(tag.slice(0, 8), 16) % DECOY_SPAN)
  const ms = parseInt(tag.slice(8, 12), 16) % 1000
  return seconds.toString(16) + ms.toString(16).padStart(5, '0') + tag.slice(12, 19)
}

/**
 * For an email with no (active) account the answer looks the same as for a real one: 201 and a
 * token whose userId is a stable stand-in. Deliberate deviation from Appwrite's 404
 * user_not_found, so the recovery form cannot tell who has an account here.
 */
async function decoyToken(email: string, secret: string): Promise<TokenRecord> {
  const tag = toHex(await hmac(secret, `recovery-decoy:${await sha256Hex(email)}`))
  const now = Date.now()
  return {
    id: uniqueId(),
    user_id: decoyUserId(tag),
    kind: 'recovery',
    secret_hash: '',
    created_at: isoNow(now),
    expire: isoNow(now + TOKEN_SECONDS * 1000),
  }
}

async function createRecovery(c: C) {
  const edge = c.var.edge
  const p = parseParams(await readBody(c), { email: P.email(), url: P.url() })
  appUrl(p.url, c.req.url, edge.config.APP_ORIGINS)
  const email = p.email.toLowerCase()
  limit(c, `recovery:email:${await sha256Hex(email)}`)
  limit(c, `recovery:ip:${edge.ip}`)
  const user = findUserByEmail(edge.sql, email)
  if (!user || !user.status) {
    // The work a real account's token costs: a secret hashed and a durable write (a counter, as
    // no token can name a user that does not exist). Without it the decoy answered a few
    // milliseconds sooner, which 50 timed tries could tell apart (tests/security/enumeration).
    await hashSecret(randomSecret())
    hit(edge.sql, `recovery:decoy:${await sha256Hex(email)}`, TOKEN_SECONDS)
    return c.json(tokenModel(await decoyToken(email, edge.config.AUTH_SECRET)), 201)
  }
  const { record, secret } = await issueToken(edge.sql, user.id, 'recovery')
  // Not awaited, so a real account answers as fast as a decoy (the outbox write is immediate).
  edge.waitUntil(
    edge.sendMail(
      recoveryMail(user.email, user.name, tokenLink(p.url, user.id, secret, record.expire)),
    ),
  )
  const token = tokenModel(record)
  edge.publish(userChildEvent(user.id, 'recovery', record.id, 'create', token))
  return c.json(token, 201)
}

async function updateRecovery(c: C) {
  const edge = c.var.edge
  const p = parseParams(await readBody(c), TOKEN_CONFIRM)
  // Only the Worker sets the hash, after its password gate counted this attempt against the
  // user id's limit and found a live token (account/password-gate.ts).
  const password = hashedPassword(c)
  // An unknown user is an invalid token too (see decoyToken: no account oracle).
  const user = findUser(edge.sql, p.userId) ?? fail('user_invalid_token')
  const record =
    (await redeemToken(edge.sql, user.id, 'recovery', p.secret)) ?? fail('user_invalid_token')
  // The mail proved control of the address (Appwrite marks it verified too); every session ends.
  updateUser(edge.sql, record.user_id, {
    password,
    password_update: isoNow(),
    email_verification: 1,
  })
  endSessions(edge, liveSessions(edge.sql, record.user_id))
  // The owner, proven by the mail, is not kept out by the failures that led here: the lock
  // on unknown devices and this browser's own lift (the IP's counter stays; account/throttle.ts).
  const keys = await attemptKeys(edge.config, c.req.header('cookie'), user.email, edge.ip, user)
  for (const key of [keys.account, keys.device]) if (key) clearCounter(edge.sql, key)
  const token = tokenModel(record)
  edge.publish(userChildEvent(record.user_id, 'recovery', record.id, 'update', token, true))
  return c.json(token, 200)
}

// /v1/account/verifications/email (+ the deprecated /verification) and /v1/account/recovery
const tokenRoutes = new Hono<EdgeHono>()
  .post('/verifications/email', createVerification)
  .post('/verification', createVerification)
  .put('/verifications/email', updateVerification)
  .put('/verification', updateVerification)
  .post('/recovery', createRecovery)
  .put('/recovery', updateRecovery)

export default tokenRoutes

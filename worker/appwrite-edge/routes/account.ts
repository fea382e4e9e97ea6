import { Hono } from 'hono'
import { signJwt } from '../auth/jwt'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import { isoNow, resolveId } from '../db/sql'
import { fail } from '../errors'
import { accountModel, prefsOf } from '../models/user'
import { proofMatches } from '../account/credentials'
import { userEvent } from '../account/events'
import { requireUser } from '../account/guard'
import { hashedPassword, opt, P, parseParams, readBody } from '../account/params'
import { endSessions, liveSessions } from '../account/sessions'
import sessionRoutes from '../account/session-routes'
import { insertUser, updateUser } from '../account/store'
import { attemptKeys } from '../account/known-device'
import { assertLoginAllowed, loginFailed, rateLimit } from '../account/throttle'
import tokenRoutes from '../account/token-routes'
import { assertAllowlisted, REGISTRATION } from '../account/registration'

// /v1/account: the signed-in user's own account (scope `account`), plus the public sign-up.
const account = new Hono<EdgeHono>()
  .post('/', async (c) => {
    const { sql, config } = c.var.edge
    const p = parseParams(await readBody(c), REGISTRATION)
    const password = hashedPassword(c)
    const email = p.email.toLowerCase()
    assertAllowlisted(config, email)
    const user = insertUser(sql, { id: resolveId(p.userId)!, email, name: p.name, password })
    return c.json(accountModel(user), 201)
  })
  .get('/', (c) => c.json(accountModel(requireUser(c.var.edge).user), 200))
  .patch('/name', async (c) => {
    const edge = c.var.edge
    const { user } = requireUser(edge)
    const { name } = parseParams(await readBody(c), { name: P.text(128) })
    const updated = updateUser(edge.sql, user.id, { name })
    edge.publish(userEvent(updated, 'update', 'name'))
    return c.json(accountModel(updated), 200)
  })
  .patch('/password', async (c) => {
    const edge = c.var.edge
    const { user, session } = requireUser(edge)
    const password = hashedPassword(c)
    // The old password is checked like a login: same throttle, same counters.
    const keys = await attemptKeys(edge.config, c.req.header('cookie'), user.email, edge.ip, user)
    assertLoginAllowed(edge.sql, keys)
    if (!proofMatches(user, c.req.header(INTERNAL.passwordProof) ?? '')) {
      loginFailed(edge.sql, keys)
      fail('user_invalid_credentials')
    }
    const updated = updateUser(edge.sql, user.id, { password, password_update: isoNow() })
    // A new password ends every other session (Appwrite's invalidateSessions).
    endSessions(
      edge,
      liveSessions(edge.sql, user.id).filter((s) => s.id !== session.id),
    )
    edge.publish(userEvent(updated, 'update', 'password'))
    return c.json(accountModel(updated), 200)
  })
  .get('/prefs', (c) => c.json(prefsOf(requireUser(c.var.edge).user), 200))
  .patch('/prefs', async (c) => {
    const edge = c.var.edge
    const { user } = requireUser(edge)
    const { prefs } = parseParams(await readBody(c), { prefs: P.object() })
    const updated = updateUser(edge.sql, user.id, { prefs: JSON.stringify(prefs) })
    edge.publish(userEvent(updated, 'update', 'prefs'))
    return c.json(accountModel(updated), 200)
  })
  .post('/jwts', async (c) => {
    const edge = c.var.edge
    const { user, session } = requireUser(edge)
    const { duration } = parseParams(await readBody(c), { duration: opt(P.range(0, 3600), 900) })
    rateLimit(edge.sql, `jwt:${user.id}`, 120, 60)
    const exp = Math.floor(Date.now() / 1000) + duration
    const jwt = await signJwt(
      { userId: user.id, sessionId: session.id, exp },
      edge.config.AUTH_SECRET,
    )
    return c.json({ jwt }, 201)
  })
  .route('/', sessionRoutes)
  .route('/', tokenRoutes)

export default account

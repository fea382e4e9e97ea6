import { Hono, type Context } from 'hono'
import { clearSessionCookie, sessionCookie } from '../auth/session'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import { fail } from '../errors'
import { sessionModel } from '../models/session'
import { proofMatches } from './credentials'
import { requireUser, type UserCaller } from './guard'
import { P, parseParams, readBody } from './params'
import { endSessions, liveSessions, openSession } from './sessions'
import { findUserByEmail } from './store'
import { attemptKeys, deviceCookie } from './known-device'
import { assertLoginAllowed, loginFailed, loginSucceeded } from './throttle'

type C = Context<EdgeHono>

/**
 * Email/password login. The Worker already turned the password into a proof with the stored salt
 * (or a decoy salt for an unknown email); here the proof is compared in constant time, and an
 * unknown user and a wrong password fail the same way, with the same work.
 */
async function createEmailSession(c: C) {
  const edge = c.var.edge
  if (edge.caller.kind === 'user') fail('user_session_already_exists')
  const { email } = parseParams(await readBody(c), { email: P.email() })
  const proof =
    c.req.header(INTERNAL.passwordProof) ??
    fail('general_argument_invalid', 'Param "password" is not optional.')
  const user = findUserByEmail(edge.sql, email)
  const keys = await attemptKeys(edge.config, c.req.header('cookie'), email, edge.ip, user)
  assertLoginAllowed(edge.sql, keys)
  if (!proofMatches(user, proof) || !user) {
    loginFailed(edge.sql, keys)
    fail('user_invalid_credentials')
  }
  if (!user.status) fail('user_blocked')
  loginSucceeded(edge.sql, keys)
  const { record, value } = await openSession(edge, user, 'email', c.req.header(INTERNAL.geo))
  // Same-origin app: the HttpOnly cookie is the only carrier (no X-Fallback-Cookies header).
  c.header(
    'set-cookie',
    sessionCookie(edge.config.APPWRITE_PROJECT_ID, value, new Date(record.expire), edge.secure),
  )
  // A new device cookie on every success (account/known-device.ts).
  c.header('set-cookie', await deviceCookie(edge.config, user.id, edge.secure), { append: true })
  // Like Appwrite, only a server (API key) gets the secret back, for setSession.
  return c.json(sessionModel(record, record.id, edge.caller.kind === 'key' ? value : ''), 201)
}

/** `current` or an id among the caller's own live sessions; 404 user_session_not_found else. */
function ownSession(caller: UserCaller, sessions: ReturnType<typeof liveSessions>, id: string) {
  const wanted = id === 'current' ? caller.session.id : id
  return sessions.find((s) => s.id === wanted) ?? fail('user_session_not_found')
}

function clearCookie(c: C) {
  const edge = c.var.edge
  c.header('set-cookie', clearSessionCookie(edge.config.APPWRITE_PROJECT_ID, edge.secure))
}

// /v1/account/sessions
const sessionRoutes = new Hono<EdgeHono>()
  .post('/sessions/email', createEmailSession)
  // The older path of the same operation (Appwrite keeps it as an alias).
  .post('/sessions', createEmailSession)
  .get('/sessions', (c) => {
    const caller = requireUser(c.var.edge)
    const sessions = liveSessions(c.var.edge.sql, caller.user.id)
    return c.json(
      { total: sessions.length, sessions: sessions.map((s) => sessionModel(s, caller.session.id)) },
      200,
    )
  })
  .get('/sessions/:sessionId', (c) => {
    const caller = requireUser(c.var.edge)
    const sessions = liveSessions(c.var.edge.sql, caller.user.id)
    return c.json(
      sessionModel(ownSession(caller, sessions, c.req.param('sessionId')), caller.session.id),
      200,
    )
  })
  .delete('/sessions/:sessionId', (c) => {
    const edge = c.var.edge
    const caller = requireUser(edge)
    const session = ownSession(
      caller,
      liveSessions(edge.sql, caller.user.id),
      c.req.param('sessionId'),
    )
    endSessions(edge, [session])
    if (session.id === caller.session.id) clearCookie(c)
    return c.body(null, 204)
  })
  .delete('/sessions', (c) => {
    const edge = c.var.edge
    const caller = requireUser(edge)
    endSessions(edge, liveSessions(edge.sql, caller.user.id))
    clearCookie(c)
    return c.body(null, 204)
  })

export default sessionRoutes

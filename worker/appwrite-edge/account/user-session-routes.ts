import { Hono } from 'hono'
import { signJwt } from '../auth/jwt'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import { fail } from '../errors'
import { sessionModel } from '../models/session'
import { opt, P, parseParams, readBody } from './params'
import { endSessions, liveSessions, openSession } from './sessions'
import { getUser } from './store'

// /v1/users/{userId}/sessions and /jwts (API key; the users router checks it). A session made
// here returns its secret: the server hands it to a client for setSession (Appwrite's SSR flow).
const userSessionRoutes = new Hono<EdgeHono>()
  .get('/:userId/sessions', (c) => {
    const user = getUser(c.var.edge.sql, c.req.param('userId'))
    const sessions = liveSessions(c.var.edge.sql, user.id)
    return c.json(
      { total: sessions.length, sessions: sessions.map((s) => sessionModel(s, undefined)) },
      200,
    )
  })
  .post('/:userId/sessions', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const { record, value } = await openSession(edge, user, 'server', c.req.header(INTERNAL.geo))
    return c.json(sessionModel(record, undefined, value), 201)
  })
  .delete('/:userId/sessions', (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    endSessions(edge, liveSessions(edge.sql, user.id))
    return c.body(null, 204)
  })
  .delete('/:userId/sessions/:sessionId', (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const session =
      liveSessions(edge.sql, user.id).find((s) => s.id === c.req.param('sessionId')) ??
      fail('user_session_not_found')
    endSessions(edge, [session])
    return c.body(null, 204)
  })
  .post('/:userId/jwts', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const p = parseParams(await readBody(c), {
      sessionId: opt(P.text(36), ''),
      duration: opt(P.range(0, 3600), 900),
    })
    const sessions = liveSessions(edge.sql, user.id)
    // Appwrite: `recent` or empty picks the newest session; a JWT always belongs to one.
    const session =
      p.sessionId && p.sessionId !== 'recent'
        ? sessions.find((s) => s.id === p.sessionId)
        : sessions.at(-1)
    if (!session) fail('user_session_not_found')
    const exp = Math.floor(Date.now() / 1000) + p.duration
    const jwt = await signJwt(
      { userId: user.id, sessionId: session.id, exp },
      edge.config.AUTH_SECRET,
    )
    return c.json({ jwt }, 201)
  })

export default userSessionRoutes

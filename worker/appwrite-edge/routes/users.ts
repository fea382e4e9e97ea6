import { Hono } from 'hono'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import type { UserRecord } from '../db/records'
import { isoNow, resolveId } from '../db/sql'
import { userModel, prefsOf } from '../models/user'
import { userEvent } from '../account/events'
import { requireKey } from '../account/guard'
import { removeMemberships } from '../account/memberships'
import { hashedPassword, opt, P, parseParams, queryBool, readBody } from '../account/params'
import { endSessions, liveSessions } from '../account/sessions'
import { getUser, insertUser, updateUser } from '../account/store'
import { listQuery, queryStrings, USER_COLUMNS } from '../account/list-queries'
import userSessionRoutes from '../account/user-session-routes'

// /v1/users: the server API (API key only). Users made here skip the registration allowlist,
// as server-side creation does in Appwrite.
const users = new Hono<EdgeHono>()
  .use('*', async (c, next) => {
    requireKey(c.var.edge, c.req.method === 'GET' ? 'users.read' : 'users.write')
    await next()
  })
  .get('/', (c) => {
    const { sql } = c.var.edge
    const q = listQuery(USER_COLUMNS, queryStrings(c.req.url), c.req.query('search'), [
      'id',
      'email',
      'name',
    ])
    const rows = sql.all<UserRecord>(
      `SELECT * FROM users ${q.where} ${q.order} LIMIT ? OFFSET ?`,
      ...q.params,
      q.limit,
      q.offset,
    )
    const total = queryBool(c.req.query('total'), true)
      ? (sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM users ${q.where}`, ...q.params)?.n ?? 0)
      : 0
    return c.json({ total, users: rows.map(userModel) }, 200)
  })
  .post('/', async (c) => {
    const edge = c.var.edge
    const p = parseParams(await readBody(c), {
      userId: P.customId(),
      email: P.email(),
      phone: opt(P.text(16)),
      name: opt(P.text(128), ''),
    })
    const user = insertUser(edge.sql, {
      id: resolveId(p.userId)!,
      email: p.email,
      name: p.name,
      // Without a password the account exists but cannot sign in (as in Appwrite).
      password: c.req.header(INTERNAL.newPassword) ?? '',
    })
    edge.publish(userEvent(user, 'create'))
    return c.json(userModel(user), 201)
  })
  .get('/:userId', (c) => c.json(userModel(getUser(c.var.edge.sql, c.req.param('userId'))), 200))
  .delete('/:userId', (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    endSessions(edge, liveSessions(edge.sql, user.id))
    removeMemberships(edge, user.id)
    edge.sql.run('DELETE FROM tokens WHERE user_id = ?', user.id)
    edge.sql.run('DELETE FROM sessions WHERE user_id = ?', user.id)
    edge.sql.run('DELETE FROM users WHERE id = ?', user.id)
    edge.publish(userEvent(user, 'delete', undefined, true))
    return c.body(null, 204)
  })
  .patch('/:userId/verification', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const p = parseParams(await readBody(c), { emailVerification: P.bool() })
    const updated = updateUser(edge.sql, user.id, {
      email_verification: p.emailVerification ? 1 : 0,
    })
    edge.publish(userEvent(updated, 'update', 'verification', true))
    return c.json(userModel(updated), 200)
  })
  .patch('/:userId/status', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const p = parseParams(await readBody(c), { status: P.bool() })
    const updated = updateUser(edge.sql, user.id, { status: p.status ? 1 : 0 })
    edge.publish(userEvent(updated, 'update', 'status', true))
    return c.json(userModel(updated), 200)
  })
  .put('/:userId/labels', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const p = parseParams(await readBody(c), { labels: P.strings(1000, 36) })
    const labels = [...new Set(p.labels)]
    const updated = updateUser(edge.sql, user.id, { labels: JSON.stringify(labels) })
    edge.publish(userEvent(updated, 'update', 'labels', true))
    return c.json(userModel(updated), 200)
  })
  .patch('/:userId/name', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const { name } = parseParams(await readBody(c), { name: P.text(128) })
    const updated = updateUser(edge.sql, user.id, { name })
    edge.publish(userEvent(updated, 'update', 'name'))
    return c.json(userModel(updated), 200)
  })
  .patch('/:userId/password', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const password = hashedPassword(c)
    const updated = updateUser(edge.sql, user.id, { password, password_update: isoNow() })
    edge.publish(userEvent(updated, 'update', 'password'))
    return c.json(userModel(updated), 200)
  })
  .get('/:userId/prefs', (c) =>
    c.json(prefsOf(getUser(c.var.edge.sql, c.req.param('userId'))), 200),
  )
  .patch('/:userId/prefs', async (c) => {
    const edge = c.var.edge
    const user = getUser(edge.sql, c.req.param('userId'))
    const { prefs } = parseParams(await readBody(c), { prefs: P.object() })
    const updated = updateUser(edge.sql, user.id, { prefs: JSON.stringify(prefs) })
    edge.publish(userEvent(updated, 'update', 'prefs'))
    return c.json(prefsOf(updated), 200)
  })
  .route('/', userSessionRoutes)

export default users

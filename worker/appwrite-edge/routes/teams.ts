import { Hono, type Context } from 'hono'
import type { EdgeHono } from '../context'
import type { MembershipRecord } from '../db/records'
import { fail } from '../errors'
import type { TeamRecord } from '../models/team'
import { missingScope } from '../account/guard'
import { acceptInvite, inviteMember } from '../account/invite'
import { listQuery, MEMBERSHIP_COLUMNS, queryStrings, TEAM_COLUMNS } from '../account/list-queries'
import {
  addMembership,
  deleteMembership,
  findMembership,
  membershipModelOf,
  teamModelOf,
  visibleTeam,
} from '../account/memberships'
import { opt, P, parseParams, queryBool, readBody } from '../account/params'
import { findUser, findUserByEmail, insertUser } from '../account/store'
import { uniqueId } from '../db/sql'

type C = Context<EdgeHono>

/** Teams need scope teams.read/write: users and keys have it, guests do not. */
function requireTeamsScope(c: C, write: boolean) {
  const { caller } = c.var.edge
  if (caller.kind === 'guest') missingScope(caller, write ? 'teams.write' : 'teams.read')
}

const total = (c: C, sql: string, params: (string | number)[]) =>
  queryBool(c.req.query('total'), true)
    ? (c.var.edge.sql.one<{ n: number }>(sql, ...params)?.n ?? 0)
    : 0

/**
 * POST memberships. With the API key the member joins at once (confirm, joined now, no mail) and
 * an unknown email becomes a new user, as in Appwrite. Without a key only a team owner may invite
 * (account/invite.ts); anyone else gets 401 user_unauthorized.
 */
async function createMembership(c: C) {
  const edge = c.var.edge
  requireTeamsScope(c, true)
  const team = visibleTeam(edge, c.req.param('teamId')!)
  const p = parseParams(await readBody(c), {
    email: opt(P.email()),
    userId: opt(P.uid()),
    phone: opt(P.text(16)),
    roles: P.strings(100, 81),
    url: opt(P.url()),
    name: opt(P.text(128), ''),
  })
  if (edge.caller.kind !== 'key' && !edge.caller.roles.includes(`team:${team.id}/owner`))
    fail('user_unauthorized', 'User is not allowed to send invitations for this team')
  if (!p.userId && !p.email)
    fail('general_argument_invalid', 'At least one of userId, email, or phone is required')
  let user = p.userId ? (findUser(edge.sql, p.userId) ?? fail('user_not_found')) : undefined
  if (user && p.email && user.email !== p.email.toLowerCase()) fail('user_already_exists')
  user ??=
    findUserByEmail(edge.sql, p.email!) ??
    insertUser(edge.sql, { id: uniqueId(), email: p.email!, name: p.name, password: '' })
  const existing = edge.sql.one<MembershipRecord>(
    'SELECT * FROM memberships WHERE team_id = ? AND user_id = ?',
    team.id,
    user.id,
  )
  if (existing?.confirm) fail('membership_already_confirmed')
  if (edge.caller.kind !== 'key') {
    const m = await inviteMember(c, team, user, p.roles, p.url, existing)
    return c.json(membershipModelOf(edge.sql, m, team), 201)
  }
  if (existing) deleteMembership(edge, existing)
  const m = addMembership(edge, team, user.id, p.roles, true)
  return c.json(membershipModelOf(edge.sql, m, team), 201)
}

// /v1/teams
const teams = new Hono<EdgeHono>()
  .get('/', (c) => {
    requireTeamsScope(c, false)
    const { caller, sql } = c.var.edge
    const scope =
      caller.kind === 'user'
        ? {
            where: 'id IN (SELECT team_id FROM memberships WHERE user_id = ? AND confirm = 1)',
            params: [caller.user.id],
          }
        : undefined
    const q = listQuery(
      TEAM_COLUMNS,
      queryStrings(c.req.url),
      c.req.query('search'),
      ['id', 'name'],
      scope,
    )
    const rows = sql.all<TeamRecord>(
      `SELECT * FROM teams ${q.where} ${q.order} LIMIT ? OFFSET ?`,
      ...q.params,
      q.limit,
      q.offset,
    )
    return c.json(
      {
        total: total(c, `SELECT COUNT(*) AS n FROM teams ${q.where}`, q.params),
        teams: rows.map((t) => teamModelOf(sql, t)),
      },
      200,
    )
  })
  .get('/:teamId', (c) => {
    requireTeamsScope(c, false)
    return c.json(teamModelOf(c.var.edge.sql, visibleTeam(c.var.edge, c.req.param('teamId'))), 200)
  })
  .get('/:teamId/memberships', (c) => {
    requireTeamsScope(c, false)
    const { sql } = c.var.edge
    const team = visibleTeam(c.var.edge, c.req.param('teamId'))
    const q = listQuery(
      MEMBERSHIP_COLUMNS,
      queryStrings(c.req.url),
      c.req.query('search'),
      ['id', 'user_id'],
      { where: 'team_id = ?', params: [team.id] },
    )
    const rows = sql.all<MembershipRecord>(
      `SELECT * FROM memberships ${q.where} ${q.order} LIMIT ? OFFSET ?`,
      ...q.params,
      q.limit,
      q.offset,
    )
    return c.json(
      {
        total: total(c, `SELECT COUNT(*) AS n FROM memberships ${q.where}`, q.params),
        memberships: rows.map((m) => membershipModelOf(sql, m, team)),
      },
      200,
    )
  })
  .post('/:teamId/memberships', createMembership)
  .get('/:teamId/memberships/:membershipId', (c) => {
    requireTeamsScope(c, false)
    const team = visibleTeam(c.var.edge, c.req.param('teamId'))
    const m = findMembership(c.var.edge.sql, team.id, c.req.param('membershipId'))
    return c.json(membershipModelOf(c.var.edge.sql, m, team), 200)
  })
  .patch('/:teamId/memberships/:membershipId/status', acceptInvite)
  .delete('/:teamId/memberships/:membershipId', (c) => {
    requireTeamsScope(c, true)
    const edge = c.var.edge
    const team = visibleTeam(edge, c.req.param('teamId'))
    const m = findMembership(edge.sql, team.id, c.req.param('membershipId'))
    // delete("user:U") and delete("team:T/owner"): the member, an owner, or the key.
    const allowed =
      edge.caller.kind === 'key' ||
      edge.caller.roles.includes(`user:${m.user_id}`) ||
      edge.caller.roles.includes(`team:${team.id}/owner`)
    if (!allowed) fail('user_unauthorized')
    deleteMembership(edge, m)
    return c.body(null, 204)
  })

export default teams

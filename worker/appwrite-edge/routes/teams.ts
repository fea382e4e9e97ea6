import { Hono, type Context } from 'hono'
import type { EdgeHono } from '../context'
import type { MembershipRecord } from '../db/records'
import { fail } from '../errors'
import type { TeamRecord } from '../models/team'
import { requireTeamsScope } from '../account/guard'
import { acceptInvite, createMembership } from '../account/invite'
import { listQuery, MEMBERSHIP_COLUMNS, queryStrings, TEAM_COLUMNS } from '../account/list-queries'
import {
  deleteMembership,
  findMembership,
  membershipModelOf,
  teamModelOf,
  visibleTeam,
} from '../account/memberships'
import { queryBool } from '../account/params'

type C = Context<EdgeHono>

const total = (c: C, sql: string, params: (string | number)[]) =>
  queryBool(c.req.query('total'), true)
    ? (c.var.edge.sql.one<{ n: number }>(sql, ...params)?.n ?? 0)
    : 0

// /v1/teams
const teams = new Hono<EdgeHono>()
  .get('/', (c) => {
    requireTeamsScope(c.var.edge, false)
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
    requireTeamsScope(c.var.edge, false)
    return c.json(teamModelOf(c.var.edge.sql, visibleTeam(c.var.edge, c.req.param('teamId'))), 200)
  })
  .get('/:teamId/memberships', (c) => {
    requireTeamsScope(c.var.edge, false)
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
    requireTeamsScope(c.var.edge, false)
    const team = visibleTeam(c.var.edge, c.req.param('teamId'))
    const m = findMembership(c.var.edge.sql, team.id, c.req.param('membershipId'))
    return c.json(membershipModelOf(c.var.edge.sql, m, team), 200)
  })
  .patch('/:teamId/memberships/:membershipId/status', acceptInvite)
  .delete('/:teamId/memberships/:membershipId', (c) => {
    requireTeamsScope(c.var.edge, true)
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

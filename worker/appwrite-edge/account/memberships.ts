import type { Edge } from '../context'
import type { MembershipRecord } from '../db/records'
import type { Sql } from '../db/sql'
import { isoNow, uniqueId } from '../db/sql'
import { fail } from '../errors'
import { membershipModel } from '../models/membership'
import { teamModel, type TeamRecord } from '../models/team'
import { membershipEvent } from './events'
import { getUser } from './store'

// Teams and memberships. A team is readable by its confirmed members (`read("team:T")`) and by
// API keys; to anyone else it does not exist (404 team_not_found), as in Appwrite.

export const confirmedCount = (sql: Sql, teamId: string) =>
  sql.one<{ n: number }>(
    'SELECT COUNT(*) AS n FROM memberships WHERE team_id = ? AND confirm = 1',
    teamId,
  )?.n ?? 0

export const teamModelOf = (sql: Sql, team: TeamRecord) =>
  teamModel(team, confirmedCount(sql, team.id))

/** The team if the caller may read it; 404 team_not_found otherwise. */
export function visibleTeam(edge: Edge, teamId: string): TeamRecord {
  const team = edge.sql.one<TeamRecord>('SELECT * FROM teams WHERE id = ?', teamId)
  if (!team) fail('team_not_found')
  if (edge.caller.kind === 'key' || edge.caller.roles.includes(`team:${team.id}`)) return team
  fail('team_not_found')
}

export function membershipModelOf(sql: Sql, m: MembershipRecord, team?: TeamRecord) {
  const t = team ?? sql.one<TeamRecord>('SELECT * FROM teams WHERE id = ?', m.team_id)!
  return membershipModel(m, getUser(sql, m.user_id), t)
}

export function findMembership(sql: Sql, teamId: string, id: string): MembershipRecord {
  return (
    sql.one<MembershipRecord>(
      'SELECT * FROM memberships WHERE team_id = ? AND id = ?',
      teamId,
      id,
    ) ?? fail('membership_not_found')
  )
}

/** Inserts a membership and announces it (its member's realtime roles are recomputed). */
export function addMembership(
  edge: Edge,
  team: TeamRecord,
  userId: string,
  roles: string[],
  confirm: boolean,
): MembershipRecord {
  const now = isoNow()
  const m: MembershipRecord = {
    id: uniqueId(),
    team_id: team.id,
    user_id: userId,
    roles: JSON.stringify(roles),
    invited: now,
    joined: confirm ? now : '',
    confirm: confirm ? 1 : 0,
    created_at: now,
    updated_at: now,
  }
  edge.sql.run(
    `INSERT INTO memberships (id, team_id, user_id, roles, invited, joined, confirm, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    m.id,
    m.team_id,
    m.user_id,
    m.roles,
    m.invited,
    m.joined,
    m.confirm,
    m.created_at,
    m.updated_at,
  )
  edge.publish(membershipEvent(team.id, membershipModelOf(edge.sql, m, team), 'create'))
  return m
}

export function deleteMembership(edge: Edge, m: MembershipRecord): void {
  const payload = membershipModelOf(edge.sql, m)
  edge.sql.run('DELETE FROM memberships WHERE id = ?', m.id)
  edge.sql.run('DELETE FROM tokens WHERE kind = ?', `invite:${m.id}`)
  edge.publish(membershipEvent(m.team_id, payload, 'delete'))
}

/** All memberships of a user (the user is being deleted). */
export function removeMemberships(edge: Edge, userId: string): void {
  const all = edge.sql.all<MembershipRecord>('SELECT * FROM memberships WHERE user_id = ?', userId)
  for (const m of all) deleteMembership(edge, m)
}

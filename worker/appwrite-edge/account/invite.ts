import type { Context } from 'hono'
import { sessionCookie } from '../auth/session'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import type { MembershipRecord, UserRecord } from '../db/records'
import { isoNow, uniqueId } from '../db/sql'
import { fail } from '../errors'
import type { TeamRecord } from '../models/team'
import { membershipEvent } from './events'
import { invitationMail, withParams } from './mail'
import {
  addMembership,
  deleteMembership,
  findMembership,
  membershipModelOf,
  visibleTeam,
} from './memberships'
import { requireTeamsScope } from './guard'
import { appUrl, opt, P, parseParams, readBody } from './params'
import { openSession } from './sessions'
import { findUser, findUserByEmail, insertUser, updateUser } from './store'
import { ACTION_LIMITS, rateLimit } from './throttle'
import { issueToken, redeemToken } from './tokens'

type C = Context<EdgeHono>

/**
 * A team owner's invitation (no API key): a pending membership and a mail whose link carries
 * membershipId, userId, secret and teamId, as Appwrite's does. Inviting again replaces it.
 */
export async function inviteMember(
  c: C,
  team: TeamRecord,
  user: UserRecord,
  roles: string[],
  url: string,
  pending: MembershipRecord | undefined,
): Promise<MembershipRecord> {
  const edge = c.var.edge
  rateLimit(edge.sql, `invite:${edge.ip}`, ACTION_LIMITS.count, ACTION_LIMITS.windowSeconds)
  if (pending) deleteMembership(edge, pending)
  const m = addMembership(edge, team, user.id, roles, false)
  const { secret } = await issueToken(edge.sql, user.id, `invite:${m.id}`)
  const link = withParams(url, { membershipId: m.id, userId: user.id, secret, teamId: team.id })
  await edge.sendMail(invitationMail(user.email, user.name, team.name, link))
  return m
}

/**
 * PATCH /teams/{teamId}/memberships/{membershipId}/status: the invitee accepts with the mailed
 * secret. The membership is confirmed, the email counts as verified, and a visitor without a
 * session is signed in (Appwrite does all three).
 */
export async function acceptInvite(c: C) {
  const edge = c.var.edge
  const team =
    edge.sql.one<TeamRecord>('SELECT * FROM teams WHERE id = ?', c.req.param('teamId')!) ??
    fail('team_not_found')
  const m = findMembership(edge.sql, team.id, c.req.param('membershipId')!)
  const p = parseParams(await readBody(c), { userId: P.uid(), secret: P.text(256, 1) })
  const caller = edge.caller
  if (p.userId !== m.user_id || (caller.kind === 'user' && caller.user.id !== m.user_id))
    fail('user_unauthorized', 'Invite does not belong to current user')
  if (m.confirm) fail('membership_already_confirmed')
  if (!(await redeemToken(edge.sql, m.user_id, `invite:${m.id}`, p.secret)))
    fail('user_invalid_token', 'Secret key not valid')
  const now = isoNow()
  edge.sql.run(
    'UPDATE memberships SET confirm = 1, joined = ?, updated_at = ? WHERE id = ?',
    now,
    now,
    m.id,
  )
  const user = updateUser(edge.sql, m.user_id, { email_verification: 1 })
  if (caller.kind !== 'user') {
    const { record, value } = await openSession(edge, user, 'email', c.req.header(INTERNAL.geo))
    c.header(
      'set-cookie',
      sessionCookie(edge.config.APPWRITE_PROJECT_ID, value, new Date(record.expire), edge.secure),
    )
  }
  const model = membershipModelOf(edge.sql, findMembership(edge.sql, team.id, m.id), team)
  edge.publish(membershipEvent(team.id, model, 'update'))
  return c.json(model, 200)
}

/**
 * POST memberships. With the API key the member joins at once (confirm, joined now, no mail) and
 * an unknown email becomes a new user, as in Appwrite. Without a key only a team owner may invite
 * (inviteMember, with a link to one of the app's origins); anyone else gets 401 user_unauthorized.
 */
export async function createMembership(c: C) {
  const edge = c.var.edge
  requireTeamsScope(edge, true)
  const team = visibleTeam(edge, c.req.param('teamId')!)
  const p = parseParams(await readBody(c), {
    email: opt(P.email()),
    userId: opt(P.uid()),
    phone: opt(P.text(16)),
    roles: P.strings(100, 81),
    url: opt(P.url()),
    name: opt(P.text(128), ''),
  })
  const byKey = edge.caller.kind === 'key'
  if (!byKey && !edge.caller.roles.includes(`team:${team.id}/owner`))
    fail('user_unauthorized', 'User is not allowed to send invitations for this team')
  if (!byKey && !p.url) fail('general_argument_invalid', 'Param "url" is not optional.')
  if (!byKey) appUrl(p.url!, c.req.url, edge.config.APP_ORIGINS)
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
  if (!byKey) {
    const m = await inviteMember(c, team, user, p.roles, p.url!, existing)
    return c.json(membershipModelOf(edge.sql, m, team), 201)
  }
  if (existing) deleteMembership(edge, existing)
  const m = addMembership(edge, team, user.id, p.roles, true)
  return c.json(membershipModelOf(edge.sql, m, team), 201)
}

import type { Context } from 'hono'
import { sessionCookie } from '../auth/session'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import type { MembershipRecord, UserRecord } from '../db/records'
import { isoNow } from '../db/sql'
import { fail } from '../errors'
import type { TeamRecord } from '../models/team'
import { membershipEvent } from './events'
import { invitationMail, withParams } from './mail'
import { addMembership, deleteMembership, findMembership, membershipModelOf } from './memberships'
import { appUrl, P, parseParams, readBody } from './params'
import { openSession } from './sessions'
import { updateUser } from './store'
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
  url: string | undefined,
  pending: MembershipRecord | undefined,
): Promise<MembershipRecord> {
  const edge = c.var.edge
  if (!url) fail('general_argument_invalid', 'Param "url" is not optional.')
  appUrl(url, c.req.url, edge.config.APP_ORIGINS)
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

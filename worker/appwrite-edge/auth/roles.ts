import type { Sql } from '../db/sql'
import type { MembershipRecord, UserRecord } from '../db/records'

/** The roles Appwrite computes for a user (User::getRoles), plus `any`. */
export function userRoles(sql: Sql, user: UserRecord): string[] {
  const verified = user.email_verification ? 'verified' : 'unverified'
  const roles = [
    'any',
    'users',
    `users/${verified}`,
    `user:${user.id}`,
    `user:${user.id}/${verified}`,
  ]
  const memberships = sql.all<MembershipRecord>(
    'SELECT * FROM memberships WHERE user_id = ? AND confirm = 1',
    user.id,
  )
  for (const m of memberships) {
    roles.push(`team:${m.team_id}`, `member:${m.id}`)
    for (const r of JSON.parse(m.roles) as string[]) roles.push(`team:${m.team_id}/${r}`)
  }
  for (const label of JSON.parse(user.labels) as string[]) roles.push(`label:${label}`)
  return roles
}

export const GUEST_ROLES = ['any', 'guests']

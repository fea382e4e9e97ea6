import type { MembershipRecord, UserRecord } from '../db/records'
import type { TeamRecord } from './team'

/** Appwrite's `membership` model (plus `userAccessedAt` of newer servers and SDK 27). */
export function membershipModel(m: MembershipRecord, user: UserRecord, team: TeamRecord) {
  return {
    $id: m.id,
    $createdAt: m.created_at,
    $updatedAt: m.updated_at,
    userId: m.user_id,
    userName: user.name,
    userEmail: user.email,
    userPhone: '',
    teamId: m.team_id,
    teamName: team.name,
    invited: m.invited,
    joined: m.joined,
    confirm: Boolean(m.confirm),
    mfa: false,
    userAccessedAt: user.accessed_at,
    roles: JSON.parse(m.roles) as string[],
  }
}

export type MembershipModel = ReturnType<typeof membershipModel>

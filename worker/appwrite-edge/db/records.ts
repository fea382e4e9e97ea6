// Rows of the system tables as SQLite returns them (see migrations.ts).
export type UserRecord = {
  id: string
  seq: number
  email: string
  name: string
  password: string
  email_verification: number
  status: number
  labels: string
  prefs: string
  password_update: string
  accessed_at: string
  created_at: string
  updated_at: string
}

export type SessionRecord = {
  id: string
  user_id: string
  secret_hash: string
  provider: string
  provider_uid: string
  ip: string
  user_agent: string
  country_code: string
  factors: string
  created_at: string
  updated_at: string
  expire: string
}

export type MembershipRecord = {
  id: string
  team_id: string
  user_id: string
  roles: string
  invited: string
  joined: string
  confirm: number
  created_at: string
  updated_at: string
}

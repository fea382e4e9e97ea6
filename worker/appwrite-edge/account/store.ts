import type { UserRecord } from '../db/records'
import type { Sql } from '../db/sql'
import { isoNow } from '../db/sql'
import { fail } from '../errors'

// The users table: lookups and writes shared by /account, /users and /teams.

export const findUser = (sql: Sql, id: string) =>
  sql.one<UserRecord>('SELECT * FROM users WHERE id = ?', id)

export const findUserByEmail = (sql: Sql, email: string) =>
  sql.one<UserRecord>('SELECT * FROM users WHERE email = ?', email.toLowerCase())

export function getUser(sql: Sql, id: string): UserRecord {
  return findUser(sql, id) ?? fail('user_not_found')
}

/** Inserts a user; 409 user_already_exists when the id or the email is taken. */
export function insertUser(
  sql: Sql,
  u: { id: string; email: string; name: string; password: string },
): UserRecord {
  const email = u.email.toLowerCase()
  if (sql.one('SELECT 1 AS x FROM users WHERE id = ? OR email = ?', u.id, email))
    fail('user_already_exists')
  const now = isoNow()
  sql.run(
    `INSERT INTO users (id, seq, email, name, password, password_update, accessed_at, created_at, updated_at)
     VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM users), ?, ?, ?, ?, ?, ?, ?)`,
    u.id,
    email,
    u.name,
    u.password,
    u.password ? now : '',
    now,
    now,
    now,
  )
  return getUser(sql, u.id)
}

type Editable = Partial<
  Pick<
    UserRecord,
    'name' | 'password' | 'email_verification' | 'status' | 'labels' | 'prefs' | 'password_update'
  >
>

/** Updates some columns and `$updatedAt`; returns the stored user. */
export function updateUser(sql: Sql, id: string, fields: Editable): UserRecord {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined)
  const sets = [...entries.map(([k]) => `${k} = ?`), 'updated_at = ?']
  sql.run(
    `UPDATE users SET ${sets.join(', ')} WHERE id = ?`,
    ...entries.map(([, v]) => v as string | number),
    isoNow(),
    id,
  )
  return getUser(sql, id)
}

/** Appwrite refreshes accessedAt at most once a day (APP_USER_ACCESS); so do we. */
export function touchUser(sql: Sql, user: UserRecord): void {
  if (Date.parse(user.accessed_at) > Date.now() - 24 * 3600 * 1000) return
  sql.run('UPDATE users SET accessed_at = ? WHERE id = ?', isoNow(), user.id)
}

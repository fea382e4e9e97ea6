import { TEAMS } from '../../shared/db-schema'
import { isConflict, q, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { isAdmin } from '../middleware/auth'

/**
 * Idempotent: every verified, allowlisted user joins `user`; the admin also joins `admin`.
 * Returns the teams the user is now in.
 */
export async function joinTeams(
  backend: BackendPort,
  config: Config,
  user: Pick<BackendUser, '$id' | 'email'>,
): Promise<string[]> {
  const teams: string[] = [TEAMS.user, ...(isAdmin(config, user) ? [TEAMS.admin] : [])]
  for (const team of teams) {
    const existing = await backend.listMemberships(team, [q.equal('userId', user.$id)])
    if (existing.some((m) => m.userId === user.$id)) continue
    await backend.createMembership(team, user.$id, []).catch((err) => {
      if (!isConflict(err)) throw err
    })
  }
  return teams
}

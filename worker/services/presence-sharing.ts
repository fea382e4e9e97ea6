import type { PresenceSharing } from '../../shared/schemas'
import { bothShare } from '../../shared/presence'
import { isConflict, isNotFound, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { findChatee } from './chatee'

/*
 * Presence privacy (spec §1, §6). The `status` table is readable by team admin only and has
 * rowSecurity: each row grants its owner, and the partner only while BOTH share their presence
 * (profiles.sharePresence, reciprocal: who does not share does not see). The server is the only
 * writer, so these grants, not the SPA, decide who reads presence and typing through the SDK,
 * realtime and /api alike. The admin's view never depends on them.
 */

export type ProfileData = { name: string | null; sharePresence: boolean }

export const ownerRead = (userId: string) => `read("user:${userId}")`

/** The grants of a status row: its owner, plus the partner while both share. */
export const statusPermissions = (ownerId: string, sharedWith?: string) =>
  sharedWith ? [ownerRead(ownerId), ownerRead(sharedWith)] : [ownerRead(ownerId)]

/** A row that does not grant its owner predates these rules (or was made without them). */
export const lacksGrants = (userId: string, permissions: string[] | undefined) =>
  !permissions?.includes(ownerRead(userId))

/** The user's profile row (name), created when missing; an existing one is left as it is. */
export async function ensureProfile(backend: BackendPort, user: Pick<BackendUser, '$id' | 'name'>) {
  try {
    await backend.createRow<ProfileData>('profiles', user.$id, { name: user.name })
  } catch (err) {
    if (!isConflict(err)) throw err
  }
}

/** Whether each of the two shares; a missing profile does not. */
export async function sharingOf(
  backend: BackendPort,
  userId: string,
  partnerId: string | undefined,
): Promise<PresenceSharing> {
  const [mine, theirs] = await Promise.all([
    backend.getRow<ProfileData>('profiles', userId),
    partnerId ? backend.getRow<ProfileData>('profiles', partnerId) : undefined,
  ])
  return { mine: mine?.sharePresence === true, partner: theirs?.sharePresence === true }
}

/** Sets both status rows' grants from both choices; a row not created yet is skipped. */
export async function syncSharing(
  backend: BackendPort,
  config: Config,
  user: Pick<BackendUser, '$id' | 'email'>,
): Promise<PresenceSharing> {
  const chatee = await findChatee(backend, config, user)
  const sharing = await sharingOf(backend, user.$id, chatee?.$id)
  const mutual = bothShare(sharing)
  const grant = async (owner: string, partner?: string) => {
    try {
      await backend.updateRow(
        'status',
        owner,
        {},
        statusPermissions(owner, mutual ? partner : undefined),
      )
    } catch (err) {
      if (!isNotFound(err)) throw err
    }
  }
  await grant(user.$id, chatee?.$id)
  if (chatee) await grant(chatee.$id, user.$id)
  return sharing
}

/** The user's choice, kept in their profile, then applied to both rows. */
export async function setSharing(
  backend: BackendPort,
  config: Config,
  user: Pick<BackendUser, '$id' | 'email' | 'name'>,
  share: boolean,
): Promise<PresenceSharing> {
  await ensureProfile(backend, user)
  await backend.updateRow<ProfileData>('profiles', user.$id, { sharePresence: share })
  return syncSharing(backend, config, user)
}

import type { EdgeEvent } from '../context'
import type { UserRecord } from '../db/records'
import { accountModel } from '../models/user'

// Realtime events of the account, users and teams surface, named by Appwrite's
// Event::generateEvents and routed by Realtime::fromPayload (protocol §6.4, §6.5).

type Path = [resource: string, id: string][]

/** Every id replaced by `*` in turn, most specific first: [[U,S],[U,*],[*,S],[*,*]]. */
function combos(path: Path): string[] {
  return path.reduce<string[]>(
    (acc, [res, id]) =>
      acc.flatMap((p) => [`${p}${p ? '.' : ''}${res}.${id}`, `${p}${p ? '.' : ''}${res}.*`]),
    [''],
  )
}

/** Event names: the full path with the action (and attribute), without it, then each parent. */
export function eventNames(path: Path, action: string, attribute?: string): string[] {
  const suffixes = [`.${action}`, ...(attribute ? [`.${action}.${attribute}`] : []), '']
  const names = suffixes.flatMap((s) => combos(path).map((p) => p + s))
  for (let n = path.length - 1; n > 0; n--) names.push(...combos(path.slice(0, n)))
  return names
}

type UserAction = 'create' | 'update' | 'delete'

/**
 * A top-level user event (`users.U.create`, `users.U.update.prefs`…): to the user's account
 * channels, with the action variants, for `user:U` only. The payload is the Account model.
 * `rolesChanged` asks realtime to recompute the user's roles (verification, status, labels).
 */
export function userEvent(
  user: UserRecord,
  action: UserAction,
  attribute?: string,
  rolesChanged = false,
): EdgeEvent {
  const u = user.id
  return {
    events: eventNames([['users', u]], action, attribute),
    channels: ['account', `account.${u}`, `account.${action}`, `account.${u}.${action}`],
    roles: [`user:${u}`],
    payload: accountModel(user),
    ...(rolesChanged ? { permissionsChangedFor: u } : {}),
  }
}

/** A user's nested event (sessions, verification, recovery): account channels, no action suffix. */
export function userChildEvent(
  userId: string,
  child: 'sessions' | 'verification' | 'recovery',
  childId: string,
  action: 'create' | 'update' | 'delete',
  payload: Record<string, unknown>,
  rolesChanged = false,
): EdgeEvent {
  return {
    events: eventNames(
      [
        ['users', userId],
        [child, childId],
      ],
      action,
    ),
    channels: ['account', `account.${userId}`],
    roles: [`user:${userId}`],
    payload,
    ...(rolesChanged ? { permissionsChangedFor: userId } : {}),
  }
}

/**
 * A membership event: the team's members see it; the member's roles change with it (recomputed
 * before the fan-out, as realtime.php does). Only `memberships` channels: Appwrite's fromPayload
 * sends `teams`/`teams.T` for events of the team itself, never for its memberships.
 */
export function membershipEvent(
  teamId: string,
  membership: Record<string, unknown> & { $id: string; userId: string },
  action: 'create' | 'update' | 'delete',
): EdgeEvent {
  const m = membership.$id
  const base = ['memberships', `memberships.${m}`]
  return {
    events: eventNames(
      [
        ['teams', teamId],
        ['memberships', m],
      ],
      action,
    ),
    channels: [...base, ...base.map((c) => `${c}.${action}`)],
    roles: [`team:${teamId}`],
    payload: membership,
    permissionsChangedFor: membership.userId,
  }
}

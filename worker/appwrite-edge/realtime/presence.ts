// The `presence` frame, kept minimal: the presence lives as long as the socket (in its
// attachment, not in storage) and is announced on `presences` channels to its readers.
import { isRole, parsePermission, readRoles } from '../auth/permissions'
import type { EdgeEvent } from '../context'
import { isoNow, resolveId } from '../db/sql'
import type { Conn } from './connection'
import { requireUser } from './handlers'
import { formatError, RealtimeError } from './protocol'

export type Presence = Record<string, unknown> & { $id: string; $permissions: string[] }

const PRESENCE_ACTIONS = new Set(['read', 'update', 'delete', 'write'])
const MAX_PRESENCES = 3
const MAX_METADATA = 512

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)

/** `read("role")` … with one of the presence actions and a valid role. */
function validPermission(p: unknown): p is string {
  const m = typeof p === 'string' ? parsePermission(p) : undefined
  return !!m && PRESENCE_ACTIONS.has(m.action) && isRole(m.role)
}

export function presenceEvent(p: Presence, action: 'upsert' | 'delete'): EdgeEvent {
  const id = p.$id
  return {
    events: [
      `presences.${id}.${action}`,
      `presences.*.${action}`,
      `presences.${id}`,
      'presences.*',
    ],
    channels: ['presences', `presences.${id}`, `presences.${action}`, `presences.${id}.${action}`],
    roles: readRoles(p.$permissions),
    payload: p,
  }
}

export function upsertPresence(conn: Conn, data: unknown): Presence {
  if (!isObject(data) || !('status' in data))
    throw formatError('Payload is not valid. Status is required')
  const { status, presenceId = 'unique()', metadata, permissions } = data
  if (typeof status !== 'string' || status.length > 2048)
    throw formatError('status: Value must be a valid string and no longer than 2048 chars')
  const id = typeof presenceId === 'string' ? resolveId(presenceId) : undefined
  if (!id) throw formatError('presenceId: Value must be a valid string and no longer than 36 chars')
  if (metadata !== undefined && metadata !== null) {
    if (!isObject(metadata) || JSON.stringify(metadata).length > MAX_METADATA)
      throw formatError(`metadata: Value must be a JSON object of at most ${MAX_METADATA} chars`)
  }
  if (
    permissions !== undefined &&
    permissions !== null &&
    !(Array.isArray(permissions) && permissions.every(validPermission))
  )
    throw formatError('permissions: Permissions are not valid.')
  const userId = requireUser(conn)
  const perms = (permissions as string[] | null | undefined) ?? [
    `read("user:${userId}")`,
    `update("user:${userId}")`,
    `delete("user:${userId}")`,
  ]
  // As on every write: only roles the caller holds may be granted.
  const held = new Set(conn.state.roles)
  if (perms.some((p) => !held.has(parsePermission(p)!.role)))
    throw new RealtimeError(401, `Permissions must be one of: (${conn.state.roles.join(', ')})`)

  const previous = conn.state.presences.find((p) => p.$id === id)
  const now = isoNow()
  const presence: Presence = {
    $id: id,
    $createdAt: (previous?.$createdAt as string | undefined) ?? now,
    $updatedAt: now,
    $permissions: perms,
    userId,
    status,
    source: 'realtime',
    expiresAt: isoNow(Date.now() + 30 * 86_400_000),
    ...(isObject(metadata) ? { metadata } : {}),
  }
  const others = conn.state.presences.filter((p) => p.$id !== id)
  if (others.length >= MAX_PRESENCES)
    throw formatError(`A connection may hold at most ${MAX_PRESENCES} presences.`)
  conn.commit({ presences: [...others, presence] })
  return presence
}

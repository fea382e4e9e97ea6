import { BUCKET } from '../../../shared/db-schema'
import type { Caller } from '../auth/caller'
import { fail } from '../errors'

export type Bucket = {
  id: string
  name: string
  permissions: readonly string[]
  fileSecurity: boolean
}
export type Action = 'read' | 'create' | 'update' | 'delete'

// The shared schema defines the one bucket; there is no bucket API in the embedded backend.
const BUCKETS: Record<string, Bucket> = { [BUCKET.id]: BUCKET }

export function getBucket(bucketId: string): Bucket {
  const bucket = Object.hasOwn(BUCKETS, bucketId) ? BUCKETS[bucketId] : undefined
  if (!bucket) fail('storage_bucket_not_found')
  return bucket
}

const PERMISSION = /^(read|create|update|delete|write)\("([^"]+)"\)$/
const ROLE =
  /^(any|guests|users(\/(verified|unverified))?|(user|team|member|label):[a-zA-Z0-9._-]{1,36}(\/[a-zA-Z0-9._-]{1,36})?)$/

/** The roles a permission list grants for an action; `write` covers create/update/delete. */
export function rolesFor(permissions: readonly string[], action: Action): string[] {
  const roles: string[] = []
  for (const p of permissions) {
    const m = PERMISSION.exec(p)
    if (m && (m[1] === action || (m[1] === 'write' && action !== 'read'))) roles.push(m[2])
  }
  return roles
}

/**
 * Appwrite's rule: the bucket's permission for the action, or (with fileSecurity) the file's.
 * An API key bypasses both.
 */
export function allowed(
  caller: Caller,
  bucket: Bucket,
  action: Action,
  filePermissions: readonly string[] = [],
): boolean {
  if (caller.kind === 'key') return true
  const held = new Set(caller.roles)
  const grants = (perms: readonly string[]) => rolesFor(perms, action).some((r) => held.has(r))
  return grants(bucket.permissions) || (bucket.fileSecurity && grants(filePermissions))
}

/** Roles that may receive a file's events: bucket read ∪ (fileSecurity ? file read : ∅). */
export function readRoles(bucket: Bucket, filePermissions: readonly string[]): string[] {
  const roles = rolesFor(bucket.permissions, 'read')
  if (bucket.fileSecurity) roles.push(...rolesFor(filePermissions, 'read'))
  return [...new Set(roles)]
}

const FILE_ACTIONS = new Set(['read', 'update', 'delete', 'write'])

/**
 * Validates the `permissions` a caller sends for a file: known actions and roles, `write`
 * expanded to update+delete (Appwrite's aggregate), and only roles the caller holds unless it is
 * a key. Omitted on create: a user gets read/update/delete for itself, a key nothing.
 */
export function filePermissions(input: unknown, caller: Caller): string[] {
  if (input === undefined || input === null) {
    if (caller.kind !== 'user') return []
    const me = `user:${caller.user.id}`
    return [`read("${me}")`, `update("${me}")`, `delete("${me}")`]
  }
  if (!Array.isArray(input) || input.length > 100)
    fail('general_argument_invalid', 'Invalid `permissions` param: Value must a valid array.')
  const out = new Set<string>()
  for (const p of input) {
    const m = typeof p === 'string' ? PERMISSION.exec(p) : null
    if (!m || !FILE_ACTIONS.has(m[1]) || !ROLE.test(m[2]))
      fail(
        'general_argument_invalid',
        `Invalid \`permissions\` param: Permission "${String(p)}" is not allowed. Must be one of: read, update, delete, write.`,
      )
    const actions = m[1] === 'write' ? ['update', 'delete'] : [m[1]]
    for (const a of actions) out.add(`${a}("${m[2]}")`)
    if (caller.kind !== 'key' && !caller.roles.includes(m[2]))
      fail('user_unauthorized', `Permissions must be one of: (${caller.roles.join(', ')})`)
  }
  return [...out]
}

import { BUCKET } from '../../../shared/db-schema'
import type { Caller } from '../auth/caller'
import { isRole, parsePermission, permits, readersOf, type Action } from '../auth/permissions'
import { fail } from '../errors'

export type Bucket = {
  id: string
  name: string
  permissions: readonly string[]
  fileSecurity: boolean
}

// The shared schema defines the one bucket; there is no bucket API in the embedded backend.
const BUCKETS: Record<string, Bucket> = { [BUCKET.id]: BUCKET }

export function getBucket(bucketId: string): Bucket {
  const bucket = Object.hasOwn(BUCKETS, bucketId) ? BUCKETS[bucketId] : undefined
  if (!bucket) fail('storage_bucket_not_found')
  return bucket
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
  return permits(caller, action, bucket.permissions, bucket.fileSecurity, filePermissions)
}

/** Roles that may receive a file's events: bucket read ∪ (fileSecurity ? file read : ∅). */
export const fileReaders = (bucket: Bucket, filePermissions: readonly string[]) =>
  readersOf(bucket.permissions, bucket.fileSecurity, filePermissions)

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
    const m = typeof p === 'string' ? parsePermission(p) : undefined
    if (!m || !FILE_ACTIONS.has(m.action) || !isRole(m.role))
      fail(
        'general_argument_invalid',
        `Invalid \`permissions\` param: Permission "${String(p)}" is not allowed. Must be one of: read, update, delete, write.`,
      )
    const actions = m.action === 'write' ? ['update', 'delete'] : [m.action]
    for (const a of actions) out.add(`${a}("${m.role}")`)
    if (caller.kind !== 'key' && !caller.roles.includes(m.role))
      fail('user_unauthorized', `Permissions must be one of: (${caller.roles.join(', ')})`)
  }
  return [...out]
}

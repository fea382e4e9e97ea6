// Row permissions as Appwrite applies them (table permissions + rowSecurity; §7 of the protocol).
import type { TableSchema } from '../../../shared/db-schema'
import type { Caller } from '../auth/caller'
import { fail } from '../errors'
import { isRole, parsePermission, permits, rolesFor, type Action } from '../auth/permissions'

const ROW_TYPES = ['read', 'update', 'delete'] as const

const invalid = (message: string): never =>
  fail('general_argument_invalid', `Invalid \`permissions\` param: ${message}`)

/**
 * Validates a row's `permissions` param and expands `write` into update + delete (Appwrite's
 * Permission::aggregate). Returns null when the param is absent, which means "use the default".
 */
export function normalizePermissions(input: unknown): string[] | null {
  if (input === undefined || input === null) return null
  if (!Array.isArray(input)) return invalid('Permissions must be an array of strings.')
  if (input.length > 100) return invalid('You can only provide up to 100 permissions.')
  const out = new Set<string>()
  for (const p of input) {
    if (typeof p !== 'string') return invalid('Permission must be of type string.')
    const parsed = parsePermission(p)
    if (!parsed)
      return invalid(
        `Permissions must be of the form "method(permission:id?/dimension?)", got "${p}".`,
      )
    const { action: type, role } = parsed
    if (type !== 'write' && !(ROW_TYPES as readonly string[]).includes(type))
      return invalid(
        `Permission "${p}" is not allowed. Must be one of: read, update, delete, write.`,
      )
    if (!isRole(role)) return invalid(`Role "${role}" is not valid.`)
    for (const t of type === 'write' ? ['update', 'delete'] : [type]) out.add(`${t}("${role}")`)
  }
  return [...out]
}

/** What a row gets when the caller omits `permissions`: the user's own read/update/delete. */
export function defaultPermissions(caller: Caller): string[] {
  if (caller.kind !== 'user') return []
  return ROW_TYPES.map((t) => `${t}("user:${caller.user.id}")`)
}

/** A non-key caller may only grant roles it holds itself. */
export function assertGrantable(caller: Caller, permissions: readonly string[]): void {
  if (caller.kind === 'key') return
  const held = new Set(caller.roles)
  for (const p of permissions) {
    const role = parsePermission(p)?.role
    if (role !== undefined && !held.has(role))
      fail('user_unauthorized', `Permissions must be one of: (${caller.roles.join(', ')})`)
  }
}

/** Utopia's authorization message for a refused action. */
function refusal(caller: Caller, action: Action, roles: string[]): string {
  if (!roles.length) return `No permissions provided for action '${action}'`
  return `Missing "${action}" permission for role "${roles[roles.length - 1]}". Only "${JSON.stringify(caller.roles)}" scopes are allowed and "${JSON.stringify(roles)}" was given.`
}

/** Table-level permission only (create never comes from a row). */
export function tableAllows(caller: Caller, table: TableSchema, action: Action): boolean {
  return permits(caller, action, table.permissions, false)
}

/** Table permission, or the row's own when the table has rowSecurity. */
export function rowAllows(
  caller: Caller,
  table: TableSchema,
  rowPermissions: readonly string[],
  action: Exclude<Action, 'create'>,
): boolean {
  return permits(caller, action, table.permissions, table.rowSecurity, rowPermissions)
}

/** 401 user_unauthorized unless the table (or, with rowSecurity, the row) allows the action. */
export function assertAllowed(
  caller: Caller,
  table: TableSchema,
  action: Action,
  rowPermissions: readonly string[] = [],
): void {
  const ok =
    action === 'create'
      ? tableAllows(caller, table, action)
      : rowAllows(caller, table, rowPermissions, action)
  if (ok) return
  const roles = [
    ...rolesFor(table.permissions, action),
    ...(table.rowSecurity && action !== 'create' ? rolesFor(rowPermissions, action) : []),
  ]
  fail('user_unauthorized', refusal(caller, action, roles))
}

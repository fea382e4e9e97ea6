import type { Caller } from './caller'

// Appwrite's permission strings and roles, one grammar for rows, files, presences and realtime
// (utopia-php/database Helpers/Permission and Role, and its Roles validator):
//   - `<action>("<role>")`, action read | create | update | delete | write (`write` stands for
//     create, update and delete; it never grants read);
//   - roles `any`, `guests`, `users[/verified|/unverified]`, `user:ID[/verified|/unverified]`,
//     `team:ID[/ROLE]`, `member:ID`, `label:NAME`. IDs and team roles are keys (up to 36 of
//     a-z, A-Z, 0-9, period, hyphen, underscore, not starting with a special char); labels are
//     up to 36 alphanumeric chars.

export type Action = 'read' | 'create' | 'update' | 'delete'
export type PermissionAction = Action | 'write'

const KEY = '[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}'
const STATUS = '(?:/(?:verified|unverified))?'
const ROLE = new RegExp(
  `^(?:any|guests|users${STATUS}|user:${KEY}${STATUS}|team:${KEY}(?:/${KEY})?|member:${KEY}|label:[a-zA-Z0-9]{1,36})$`,
)
const PERMISSION = /^([a-z]+)\("([^"]*)"\)$/
const ACTIONS = new Set<string>(['read', 'create', 'update', 'delete', 'write'])

/** Whether a string is a role of the grammar above. */
export const isRole = (role: string) => ROLE.test(role)

/**
 * The action and role of `action("role")`, or undefined when the string does not have that
 * shape. The action and role are returned as written: callers check them against their rules.
 */
export function parsePermission(p: string): { action: string; role: string } | undefined {
  const m = PERMISSION.exec(p)
  return m ? { action: m[1], role: m[2] } : undefined
}

/** Roles a permission list grants for one action; `write` grants create, update and delete. */
export function rolesFor(permissions: readonly string[], action: Action): string[] {
  const roles: string[] = []
  for (const p of permissions) {
    const parsed = parsePermission(p)
    if (!parsed || !parsed.role || !ACTIONS.has(parsed.action)) continue
    if (parsed.action === action || (parsed.action === 'write' && action !== 'read'))
      roles.push(parsed.role)
  }
  return roles
}

export const readRoles = (permissions: readonly string[]) => rolesFor(permissions, 'read')

/** Whether the caller holds one of the roles (an API key holds them all). */
export const holdsAny = (caller: Caller, roles: readonly string[]) =>
  caller.kind === 'key' || roles.some((r) => caller.roles.includes(r))

/**
 * Appwrite's rule for rows and files: the table's (bucket's) permission for the action, or, with
 * row (file) security on, the item's own.
 */
export function permits(
  caller: Caller,
  action: Action,
  container: readonly string[],
  itemSecurity: boolean,
  item: readonly string[] = [],
): boolean {
  return (
    holdsAny(caller, rolesFor(container, action)) ||
    (itemSecurity && holdsAny(caller, rolesFor(item, action)))
  )
}

/**
 * SQL that holds when a stored permission list (a JSON array of normalized strings, `write`
 * already expanded) in `column` grants read to one of the roles.
 */
export function readableSql(column: string, roles: readonly string[]) {
  if (!roles.length) return { sql: '0', params: [] as string[] }
  return {
    sql: `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value IN (${roles.map(() => '?').join(', ')}))`,
    params: roles.map((r) => `read("${r}")`),
  }
}

/** Roles that may read an item, for its realtime events: container ∪ (security ? item : ∅). */
export function readersOf(
  container: readonly string[],
  itemSecurity: boolean,
  item: readonly string[],
): string[] {
  return [...new Set([...readRoles(container), ...(itemSecurity ? readRoles(item) : [])])]
}

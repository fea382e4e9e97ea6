import type { Caller } from '../auth/caller'
import type { Edge } from '../context'
import { fail } from '../errors'

export type UserCaller = Extract<Caller, { kind: 'user' }>

/** Appwrite's scope refusal: `<email or User> (role: <role>) missing scopes (["<scope>"])`. */
export function missingScope(caller: Caller, scope: string): never {
  const who = caller.kind === 'user' ? caller.user.email : 'User'
  const role = caller.kind === 'user' ? 'users' : caller.kind === 'key' ? 'applications' : 'guests'
  fail(
    'general_unauthorized_scope',
    `${who} (role: ${role}) missing scopes (${JSON.stringify([scope])})`,
  )
}

/** Routes of scope `account` (and `teams.*` for users): a signed-in user, never a key or guest. */
export function requireUser(edge: Edge, scope = 'account'): UserCaller {
  if (edge.caller.kind !== 'user') missingScope(edge.caller, scope)
  return edge.caller
}

/** Server-only routes (users.*): the API key. */
export function requireKey(edge: Edge, scope: string): void {
  if (edge.caller.kind !== 'key') missingScope(edge.caller, scope)
}

/** Teams need scope teams.read/write: users and keys have it, guests do not. */
export function requireTeamsScope(edge: Edge, write: boolean): void {
  if (edge.caller.kind === 'guest') missingScope(edge.caller, write ? 'teams.write' : 'teams.read')
}

import type { Account } from '../../shared/schemas'
import { q, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'

/**
 * The chat partner: the first address on ALLOWED_EMAILS, other than the caller's own, that has an
 * account. With the allowlist "ada, ben, dummy" ada and ben are each other's chatee, and the
 * dummy (test) address talks to ada.
 */
export async function findChatee(
  backend: BackendPort,
  config: Config,
  caller: Pick<BackendUser, 'email'>,
): Promise<BackendUser | undefined> {
  const others = config.ALLOWED_EMAILS.filter((e) => e !== caller.email)
  if (!others.length) return undefined
  const users = await backend.listUsers([q.equal('email', others), q.limit(others.length)])
  return others.map((e) => users.find((u) => u.email === e)).find((u) => u !== undefined)
}

export const toAccount = (u: BackendUser): Account => ({ $id: u.$id, name: u.name, email: u.email })

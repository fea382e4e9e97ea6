import { sha256Hex } from '../appwrite-edge/auth/crypto'
import { BoundedMap } from './bounded-map'

// A send derives its message id twice (the one-call plan, then the route): the second is a hit.
const recent = new BoundedMap<string, string>(64)

/**
 * A row id derived from its parts: the same parts always give the same id, so a second create of
 * "the same thing" collides (409) instead of duplicating. `prefix` + SHA-256 hex, cut to the
 * 36 characters an id (and the messages.clientId column) holds.
 */
export async function stableId(prefix: string, ...parts: string[]): Promise<string> {
  const key = [prefix, ...parts].join('\n')
  let id = recent.get(key)
  if (!id) recent.set(key, (id = (prefix + (await sha256Hex(parts.join('\n')))).slice(0, 36)))
  return id
}

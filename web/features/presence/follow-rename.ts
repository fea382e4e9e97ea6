import { globalState } from '../../state/global-state'

/**
 * A status row names its owner as of their last report (the server takes it from the account):
 * the partner's rename reaches the header, and one's own rename in another tab the profile
 * menu, without a reload.
 */
export function followRename(owner: 'self' | 'chatee', name: unknown) {
  if (typeof name !== 'string' || !name) return
  const current = owner === 'self' ? globalState.account : globalState.chatee
  if (current && current.name !== name) current.name = name
}

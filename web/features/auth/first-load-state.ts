import { firstLoad } from '../../lib/first-load'
import { globalState } from '../../state/global-state'
import { toFlags } from './flags'

/**
 * The first render shows the signed-in room straight from the page's embedded data: no spinner,
 * no request first. The usual account check then runs in the background (start-app.ts) and
 * signs out or refuses exactly as it would have before rendering. True when applied.
 */
export function applyFirstLoad(): boolean {
  const d = firstLoad()
  if (!d) return false
  Object.assign(globalState, {
    account: d.account,
    chatee: d.chatee,
    status: d.status,
    chateeStatus: d.chateeStatus,
    sharing: d.sharing ?? globalState.sharing,
    flags: toFlags(d.flags, globalState.flags.isAdmin),
    isLoading: false,
  })
  return true
}

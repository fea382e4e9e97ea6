import { bothShare } from '../../../shared/presence'
import { productApi } from '../../lib/product-api'
import { globalState } from '../../state/global-state'

/**
 * Whether the server lets this user read the partner's status, as far as this tab knows: the
 * admin always may, others while both share presence. Asking when it may not is answered 403,
 * which the browser's console shows in red on every load and reconnect.
 */
export const mayReadChateeStatus = () =>
  globalState.flags.showAdmin || bothShare(globalState.sharing)

/** The partner's status, or null when it cannot be read (not shared, none yet, offline). */
export const readChateeStatus = (chateeId: string) =>
  productApi.chateeStatus(chateeId).catch(() => null)

/**
 * The partner of `email`, and their status when this tab knows it may read it; both null while
 * the partner has no account. A tab that does not know yet (a first sign-in here) learns it from
 * the status sync's sharing read, which then reads the status (use-status-sync.ts).
 */
export async function fetchChatee(email: string) {
  const found = await productApi.chatee(email).catch(() => null)
  const chatee = found && { $id: found.$id, name: found.name, email: found.email, list: found.list }
  const chateeStatus = chatee && mayReadChateeStatus() ? await readChateeStatus(chatee.$id) : null
  return { chatee, chateeStatus }
}

/**
 * Signed in before the partner had an account: their status row appearing (at their first
 * sign-in) is the moment to look them up, so the header fills in without a reload.
 */
export async function adoptNewChatee() {
  const email = globalState.account?.email
  if (!email || globalState.chatee) return
  const { chatee, chateeStatus } = await fetchChatee(email)
  if (chatee && !globalState.chatee && globalState.account?.email === email)
    Object.assign(globalState, { chatee, chateeStatus })
}

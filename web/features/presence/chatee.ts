import { productApi } from '../../lib/product-api'
import { globalState } from '../../state/global-state'

/** The partner of `email` and their status; both null while the partner has no account. */
export async function fetchChatee(email: string) {
  const found = await productApi.chatee(email).catch(() => null)
  const chatee = found && { $id: found.$id, name: found.name, email: found.email, list: found.list }
  const chateeStatus = chatee ? await productApi.chateeStatus(chatee.$id).catch(() => null) : null
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

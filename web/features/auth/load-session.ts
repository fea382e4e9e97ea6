import { AppwriteException } from 'appwrite'
import { toast } from 'react-toastify'
import { account } from '../../lib/appwrite'
import { globalState } from '../../state/global-state'

/** The account check of spec section 4; its full form arrives with the SPA issue. */
export async function loadSession(): Promise<void> {
  globalState.isLoading = true
  try {
    const me = await account.get()
    globalState.account = {
      $id: me.$id,
      name: me.name,
      email: me.email,
      emailVerification: me.emailVerification,
    }
  } catch (err) {
    globalState.account = null
    // 401 means "not signed in"; anything else is worth telling.
    if (!(err instanceof AppwriteException && err.code === 401))
      toast.error(err instanceof Error ? err.message : String(err))
  } finally {
    globalState.isLoading = false
  }
}

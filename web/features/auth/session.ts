import { Query } from 'appwrite'
import { DATABASE_ID, TABLES } from '../../../shared/db-schema'
import { TEXTS } from '../../../shared/texts'
import { ApiError } from '../../lib/api-error'
import { account, tablesDB } from '../../lib/appwrite'
import { isBackendError, isUnauthorized } from '../../lib/errors'
import { productApi } from '../../lib/product-api'
import { globalState, signedOut, type Account } from '../../state/global-state'
import { fetchChatee } from '../presence/chatee'
import { endSessions } from './create-session'
import { toFlags } from './flags'

const forbidden = (message: string) => new ApiError(403, 'forbidden', message)

/** Whether this user may read the private space: team members see at least the home room. */
async function canReadSpace(): Promise<boolean> {
  try {
    const list = await tablesDB.listRows({
      databaseId: DATABASE_ID,
      tableId: TABLES.rooms.id,
      queries: [Query.limit(1)],
    })
    return list.total > 0
  } catch (err) {
    // Appwrite answers 401 when a signed-in user lacks the table's read permission.
    if (isBackendError(err) && [401, 403, 404].includes(err.code)) return false
    throw err
  }
}

/**
 * The account load of spec section 4. Throws the spec's 403 errors after ending the session;
 * a 401 leaves the visitor signed out with the persisted location kept.
 */
export async function loadAccount(): Promise<void> {
  let me: Account
  try {
    const user = await account.get()
    me = {
      $id: user.$id,
      name: user.name,
      email: user.email,
      emailVerification: user.emailVerification,
    }
  } catch (err) {
    if (isUnauthorized(err)) return signedOut()
    throw err
  }
  if (!me.emailVerification) {
    // Best effort: the server announces unverified login attempts from its log.
    await productApi
      .log({
        section: 'auth',
        action: 'unverified-login',
        description: `${me.email} tried to log in with an unverified email`,
        userId: me.$id,
      })
      .catch(() => undefined)
    await endSessions()
    signedOut()
    throw forbidden(TEXTS.unverifiedEmail)
  }
  if (!(await canReadSpace()) && !(await completeFirstSignIn(me))) {
    await endSessions()
    signedOut()
    throw forbidden(TEXTS.notAuthorized)
  }
  const [{ chatee, chateeStatus }, status, flags] = await Promise.all([
    fetchChatee(me.email),
    productApi.userStatus(me.$id).catch(() => null),
    productApi.flags(me.email),
  ])
  Object.assign(globalState, {
    account: me,
    chatee,
    status,
    chateeStatus,
    flags: toFlags(flags, globalState.flags.isAdmin),
  })
}

/**
 * A verified user without team membership yet: the verification landing confirmed the email
 * without a session, so teams and the status row are assigned at the first sign-in.
 */
async function completeFirstSignIn(me: Account): Promise<boolean> {
  try {
    await productApi.assignTeams(me.$id)
    await productApi.createStatus(me.$id)
    await productApi
      .log({
        section: 'auth',
        action: 'verified',
        description: `${me.name} verified their email and joined Kathelia`,
        userId: me.$id,
      })
      .catch(() => undefined)
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return false
    throw err
  }
  return canReadSpace()
}

/** The app's first account check (the caller shows the spinner until it settles). */
export const loadSession = loadAccount

import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { TEXTS } from '../../../shared/texts'
import { ApiError } from '../../lib/api-error'
import { account, tablesDB } from '../../lib/appwrite'
import { isBackendError, isUnauthorized } from '../../lib/errors'
import { productApi } from '../../lib/product-api'
import { toAccount } from '../../lib/session-probe'
import { globalState, signedOut, type Account } from '../../state/global-state'
import { outbox } from '../chat/outbox'
import { fetchChatee } from '../presence/chatee'
import { endSessions } from './create-session'
import { toFlags } from './flags'

const forbidden = (message: string, code = 'forbidden') => new ApiError(403, code, message)

/** Whether this user may read the private space: team members see at least the home room. */
async function canReadSpace(): Promise<boolean> {
  try {
    const list = await tablesDB.listRows({
      databaseId: DATABASE_ID,
      tableId: TABLE_IDS.rooms,
      queries: [Query.limit(1)],
    })
    return list.total > 0
  } catch (err) {
    // Appwrite answers 401 when a signed-in user lacks the table's read permission.
    if (isBackendError(err) && [401, 403, 404].includes(err.code)) return false
    throw err
  }
}

/** A refused account (spec section 4): every session ends and the error is raised. */
async function refuse(err: ApiError): Promise<never> {
  await endSessions()
  signedOut()
  throw err
}

/** The signed-in user, as the app keeps it. */
async function readAccount(): Promise<Account | null> {
  try {
    return toAccount(await account.get())
  } catch (err) {
    if (isUnauthorized(err)) return null
    throw err
  }
}

/** The partner, both statuses and the flags: what the signed-in screens show from the start. */
function readDetails(me: Account) {
  return Promise.all([
    fetchChatee(me.email),
    productApi.userStatus(me.$id).catch(() => null),
    productApi.flags(me.email),
  ])
}

/**
 * The account load of spec section 4. Throws the spec's 403 errors after ending the session;
 * a 401 leaves the visitor signed out with the persisted location kept. `known` is the account
 * the session probe already read, which spares reading it again.
 */
export async function loadAccount(known: Account | null = null): Promise<void> {
  const me = known ?? (await readAccount())
  if (!me) return signedOut()
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
    return refuse(forbidden(TEXTS.unverifiedEmail, 'email_unverified'))
  }
  // Read beside the access check rather than after it: a member (nearly always) is not kept
  // waiting a round trip more, and a first sign-in reads them again once it has joined.
  let details = readDetails(me)
  details.catch(() => undefined) // awaited below, or dropped with a refused account
  if (!(await canReadSpace())) {
    if (!(await completeFirstSignIn(me))) return refuse(forbidden(TEXTS.notAuthorized))
    details = readDetails(me)
  }
  const [{ chatee, chateeStatus }, status, flags] = await details.catch((err: unknown) => {
    // The server's gate refused the account (e.g. taken off the allowlist): same as above.
    if (err instanceof ApiError && err.status === 403) return refuse(err)
    throw err
  })
  // Unsent messages kept from a session that ended elsewhere belong to their sender only.
  outbox.items = outbox.items.filter((item) => item.senderId === me.$id)
  Object.assign(globalState, {
    account: me,
    chatee,
    status,
    chateeStatus,
    flags: toFlags(flags, globalState.flags.isAdmin),
  })
}

/**
 * A verified user without team membership yet: the verification landing (POST /api/auth/verify)
 * normally did this, so this is the idempotent fallback for an email verified elsewhere (by an
 * administrator, or a landing whose later steps failed or were cut off).
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

import type { VerifyStepId } from '../../shared/constants'
import type { VerifyEvent } from '../../shared/schemas'
import { TEXTS } from '../../shared/texts'
import { BackendError, type BackendPort, type BackendUser } from '../backend'
import type { Config } from '../config'
import { ApiError } from '../lib/api-error'
import { postHomeNotice } from './notifier'
import { ensureProfile, syncSharing } from './presence-sharing'
import { ensureStatusRow } from './status'
import { joinTeams } from './teams'

// The verification of spec section 4 (user info, log, confirm, teams, status), run by the
// public POST /api/auth/verify. Up to the confirmation nothing leaves the server: the caller has
// proven nothing yet. The home-room notices of every step are posted once the secret is proven.

type Named = Pick<BackendUser, 'name' | 'email'>
const who = (u: Named) => u.name.trim() || 'Someone'

/** What each step says to the person verifying, and to the home room (in the spec's order). */
const STEPS: Record<VerifyStepId, { done: string; notice: (u: Named) => string }> = {
  'user-info': {
    done: 'Account found',
    notice: (u) => `${who(u)} opened their verification link`,
  },
  log: { done: 'Verification recorded', notice: (u) => `${who(u)}'s verification was recorded` },
  confirm: { done: 'Email confirmed', notice: (u) => `${who(u)} verified their email` },
  teams: { done: 'Joined Kathelia', notice: (u) => `${who(u)} joined Kathelia` },
  status: { done: 'Status ready', notice: (u) => `${who(u)} is ready to chat` },
}

/**
 * User info (internal), log, confirm. Throws the backend's own refusal (wrong, used or expired
 * secret; unknown user) with its status and message; returns the verified user.
 */
export async function proveVerification(
  backend: BackendPort,
  userId: string,
  secret: string,
): Promise<BackendUser> {
  const known = await backend.getUser(userId)
  await backend.createRow('logs', 'unique()', {
    section: 'auth',
    action: 'verify',
    description: 'Opened the email verification link',
    ...(known ? { userId: known.$id } : {}),
  })
  try {
    await backend.confirmVerification(userId, secret)
  } catch (err) {
    if (err instanceof BackendError && err.status >= 400 && err.status < 500)
      throw new ApiError(err.status as ApiError['status'], err.message, err.type)
    throw err
  }
  const user = known ?? (await backend.getUser(userId))
  if (!user) throw new ApiError(404, 'This account no longer exists')
  return user
}

/**
 * The proven user's remaining steps, each reported through `emit` after its home-room notice is
 * posted: the three done so far, then teams and status (both idempotent, as at first sign-in).
 * Never throws: a failed step ends with an `error` event.
 */
export async function completeVerification(
  backend: BackendPort,
  config: Config,
  user: BackendUser,
  emit: (event: VerifyEvent) => Promise<void>,
): Promise<void> {
  const allowed = config.ALLOWED_EMAILS.includes(user.email)
  const finish = async (step: VerifyStepId) => {
    if (allowed) await postHomeNotice(backend, STEPS[step].notice(user))
    await emit({ type: 'step', step, message: STEPS[step].done })
  }
  let step: VerifyStepId = 'user-info'
  try {
    for (step of ['user-info', 'log', 'confirm'] as const) await finish(step)
    step = 'teams'
    if (!allowed) throw new ApiError(403, TEXTS.notAuthorized, 'not_authorized')
    await joinTeams(backend, config, user)
    await finish(step)
    step = 'status'
    await ensureProfile(backend, user)
    if ((await ensureStatusRow(backend, user.$id)).created) await syncSharing(backend, config, user)
    await finish(step)
    await emit({ type: 'done' })
  } catch (err) {
    if (!(err instanceof ApiError && err.status < 500)) console.error('verification step', err)
    const message =
      err instanceof ApiError ? err.message : 'This step failed; it completes at your first sign-in'
    const code = err instanceof ApiError ? err.code : 'step_failed'
    await emit({ type: 'error', step, code, message })
  }
}

import type { VerifyEvent } from '../../../shared/schemas'
import { ERROR_TITLES, VERIFY_STEP_LABELS } from '../../../shared/texts'
import { apiPostPublicLines, ApiError } from '../../lib/api'
import { notify } from '../../lib/notify'
import type { VerificationParams } from './verification-params'
import { isStepDone, markStep, resetVerificationSteps } from './verification-state'

type Outcome = Exclude<VerifyEvent, { type: 'step' }>

/**
 * The verification of spec section 4, run by the server (the link is opened signed out, so the
 * emailed secret is the identity): user info, log, confirm, teams, status, each ticked off in the
 * spinner's checklist as it is reported. Throws when the email is not verified. A later step that
 * fails leaves the email verified: a toast says so, and the first sign-in completes the step.
 */
export async function verifyAccount(params: VerificationParams): Promise<void> {
  resetVerificationSteps()
  let outcome = null as Outcome | null
  await apiPostPublicLines('/auth/verify', params, (line) => {
    const event = line as VerifyEvent
    if (event.type === 'step') return markStep(event.step, 'done', event.message)
    if (event.type === 'error') markStep(event.step, 'failed', event.message)
    outcome = event
  })
  const end = outcome
  if (end?.type === 'done') return
  if (end?.code === 'not_authorized') throw new ApiError(403, end.code, end.message)
  if (!isStepDone('confirm'))
    throw new ApiError(
      0,
      'interrupted',
      'The verification was interrupted - please open the link again.',
    )
  notify({
    type: 'warning',
    title: ERROR_TITLES.verification,
    body: end
      ? `${VERIFY_STEP_LABELS[end.step]}: ${end.message}`
      : 'Your email is verified; the rest completes when you sign in.',
  })
}

import { proxy } from 'valtio'
import { VERIFY_STEPS, type VerifyStepId } from '../../../shared/constants'
import { VERIFY_STEP_LABELS } from '../../../shared/texts'

export type StepState = 'pending' | 'active' | 'done' | 'failed'
export type StepView = { id: VerifyStepId; state: StepState; text: string }

const fresh = (): StepView[] =>
  VERIFY_STEPS.map((id, i) => ({
    id,
    state: i === 0 ? 'active' : 'pending',
    text: VERIFY_STEP_LABELS[id],
  }))

/** The verification landing's live checklist (spec section 4: a notification per step). */
export const verificationState = proxy({ steps: fresh() })

export const resetVerificationSteps = () => {
  verificationState.steps = fresh()
}

/** A step the server reported: its message replaces the label, and the next one is under way. */
export function markStep(id: VerifyStepId, state: 'done' | 'failed', text: string) {
  const steps = verificationState.steps
  const i = steps.findIndex((s) => s.id === id)
  steps[i] = { id, state, text }
  const next = steps[i + 1]
  if (state === 'done' && next?.state === 'pending') next.state = 'active'
}

export const isStepDone = (id: VerifyStepId) =>
  verificationState.steps.some((s) => s.id === id && s.state === 'done')

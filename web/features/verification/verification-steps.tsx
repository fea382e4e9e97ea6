import { useSnapshot } from 'valtio'
import { verificationState, type StepState } from './verification-state'

const MARKS: Record<StepState, string> = { pending: '○', active: '…', done: '✓', failed: '✗' }
const SPOKEN: Record<StepState, string> = {
  pending: 'to do',
  active: 'in progress',
  done: 'done',
  failed: 'failed',
}

/** The steps of the verification under the full-screen spinner, ticked off as the server reports. */
export function VerificationSteps() {
  const { steps } = useSnapshot(verificationState)
  return (
    <ol className="verify-steps" aria-label="Verification steps">
      {steps.map((step) => (
        <li key={step.id} className={step.state} data-step={step.id}>
          <span aria-hidden="true">{MARKS[step.state]}</span> {step.text}
          <span className="sr-only"> ({SPOKEN[step.state]})</span>
        </li>
      ))}
    </ol>
  )
}

import { checkPassword, PASSWORD_RULES } from '../../../shared/password-rules'

/** The list's id: the new password's field names it as its description (one form a screen). */
export const RULES_ID = 'password-rules'

/**
 * Live pass/fail marker for each password rule (spec section 5). Before anything is typed the
 * rules are listed neutrally ("○"), not as five red failures; a screen reader hears "not met",
 * and hears them with the field (`aria-describedby={RULES_ID}`) as it comes back to it.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const result = checkPassword(password)
  const typed = password !== ''
  return (
    <ul id={RULES_ID} className="password-rules" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const ok = result[rule.id]
        const state = ok ? 'pass' : typed ? 'fail' : 'pending'
        return (
          <li key={rule.id} className={state} data-rule={rule.id}>
            <span aria-hidden="true">{MARKS[state]}</span> {rule.label}
            <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
          </li>
        )
      })}
    </ul>
  )
}

const MARKS = { pass: '✓', fail: '✗', pending: '○' }

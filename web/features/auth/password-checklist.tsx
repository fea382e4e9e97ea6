import { checkPassword, PASSWORD_RULES } from '../../../shared/password-rules'

/** Live pass/fail marker for each password rule (spec section 5). */
export function PasswordChecklist({ password }: { password: string }) {
  const result = checkPassword(password)
  return (
    <ul className="password-rules" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const ok = result[rule.id]
        return (
          <li key={rule.id} className={ok ? 'pass' : 'fail'} data-rule={rule.id}>
            <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {rule.label}
            <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
          </li>
        )
      })}
    </ul>
  )
}

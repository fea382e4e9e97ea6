import { useState, type FormEvent } from 'react'
import { RECOVERY_TEXTS } from '../../../shared/recovery-texts'
import { toNotice } from '../../lib/errors'
import { explainThrottle } from '../../lib/throttled'
import { showAuthNotice } from '../../state/ui-state'
import { useAuthSubmit } from './use-auth-submit'

/**
 * Asks for the email (the one typed into the sign-in form, if any) and mails a reset link; known
 * or not, the answer is the same notice.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail)
  const { busy, submit, formProps } = useAuthSubmit()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const address = email.trim()
    const title = RECOVERY_TEXTS.requestTitle
    if (!address)
      return showAuthNotice({ type: 'warning', title, body: RECOVERY_TEXTS.emailRequired })
    // The server's own refusal of a malformed address reads as an API's ("Invalid `email` param").
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
      return showAuthNotice({ type: 'warning', title, body: RECOVERY_TEXTS.emailInvalid })
    await submit(
      async (actions) => {
        await actions.requestRecovery(address)
        showAuthNotice({
          type: 'info',
          title,
          body: RECOVERY_TEXTS.requested(address.toLowerCase()),
        })
      },
      // A refusal for every address alike (bad format, rate limit, network), never "unknown".
      (err) => toNotice(title, explainThrottle(err)),
    )
  }

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate>
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          // Opened from the sign-in form's link: the address is the next thing to give.
          autoFocus
          required
        />
      </label>
      <button type="submit" className="primary" aria-disabled={busy || undefined}>
        Send reset link
      </button>
    </form>
  )
}

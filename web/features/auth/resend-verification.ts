import { TEXTS } from '../../../shared/texts'
import { toNotice } from '../../lib/errors'
import { showAuthNotice } from '../../state/ui-state'
import { sendVerification } from './send-verification'

// The password is needed to sign in for the resend; it stays in memory for this page only. It
// comes from the registration form or from a sign-in refused as unverified.
let last: { email: string; password: string } | null = null

export const rememberForResend = (email: string, password: string) => {
  last = { email, password }
}

export async function resendVerification(email: string): Promise<void> {
  if (!last || last.email !== email.trim().toLowerCase()) {
    showAuthNotice({
      type: 'info',
      title: 'Verification Email',
      body: 'Please sign in with your email and password, then choose "Resend it." to get a new link.',
    })
    return
  }
  try {
    await sendVerification(last.email, last.password)
    showAuthNotice({
      type: 'info',
      title: 'Verification Email',
      body: TEXTS.resent,
      resend: { email },
    })
  } catch (err) {
    showAuthNotice(toNotice('verification email', err))
  }
}

import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { APP_NAME } from '../../../shared/constants'
import { RECOVERY_TEXTS } from '../../../shared/recovery-texts'
import { FORM_TEXTS } from '../../../shared/form-texts'
import { isBackendError, toNotice, type Notice } from '../../lib/errors'
import { signedOut } from '../../state/global-state'
import { showAuthNotice, uiState } from '../../state/ui-state'
import { ForgotPasswordForm } from './forgot-password-form'
import { loadAuthActions } from './load-auth-actions'
import { NoticeAlert } from './notice-alert'
import { PasswordChecklist, RULES_ID } from './password-checklist'
import { linkExpired, readRecoveryParams } from './recovery-params'
import { allFilled, newPasswordProblem } from './registration-rules'

const title = RECOVERY_TEXTS.requestTitle
const invalid: Notice = { type: 'error', title, body: RECOVERY_TEXTS.linkInvalid }

/** The mailed link's landing: a new password with the registration's live rule markers. */
export function RecoveryScreen() {
  const navigate = useNavigate()
  const [params] = useState(() => readRecoveryParams(window.location.search))
  const [form, setForm] = useState({ password: '', confirmPassword: '' })
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(() =>
    !params
      ? { type: 'error', title, body: RECOVERY_TEXTS.linkIncomplete }
      : linkExpired(params)
        ? invalid
        : null,
  )
  const { authNotice } = useSnapshot(uiState)
  const dead = !params || notice?.body === RECOVERY_TEXTS.linkInvalid

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The button stays focusable while busy (aria-disabled): a second submit is ignored here.
    if (!params || busy) return
    const { password, confirmPassword } = form
    const problem = allFilled([password, confirmPassword])
      ? newPasswordProblem(password, confirmPassword)
      : FORM_TEXTS.createRoomFieldsRequired
    if (problem) return setNotice({ type: 'warning', title, body: problem })
    setBusy(true)
    setNotice(null)
    try {
      await (await loadAuthActions()).completeRecovery(params, password)
      // Every session ended on the server, this browser's included.
      signedOut()
      showAuthNotice({ type: 'success', title, body: RECOVERY_TEXTS.done })
      void navigate({ to: '/', search: {}, replace: true })
    } catch (err) {
      const used = isBackendError(err) && err.type === 'user_invalid_token'
      setNotice(used ? invalid : toNotice(title, err))
    } finally {
      setBusy(false)
    }
  }

  const field = (name: keyof typeof form) => ({
    name,
    type: 'password',
    autoComplete: 'new-password',
    value: form[name],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  })

  return (
    <main className="auth-screen">
      <section className="auth-card" aria-labelledby="auth-title">
        <p className="brand" aria-hidden="true">
          <span className="brand-mark">K</span> {APP_NAME}
        </p>
        <h1 id="auth-title">{asking ? RECOVERY_TEXTS.title : RECOVERY_TEXTS.newPasswordTitle}</h1>
        {asking ? (
          <>
            {authNotice && <NoticeAlert notice={authNotice} />}
            <ForgotPasswordForm />
          </>
        ) : (
          <>
            {notice && (
              <NoticeAlert notice={notice}>
                {dead && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="link inline"
                      onClick={() => {
                        showAuthNotice(null)
                        setAsking(true)
                      }}
                    >
                      {RECOVERY_TEXTS.askAgain}
                    </button>
                  </>
                )}
              </NoticeAlert>
            )}
            {!dead && (
              <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
                <label>
                  New password
                  {/* The one thing to do on this screen, opened from the mail. */}
                  <input {...field('password')} aria-describedby={RULES_ID} autoFocus />
                </label>
                <PasswordChecklist password={form.password} />
                <label>
                  Confirm new password
                  <input {...field('confirmPassword')} />
                </label>
                <button type="submit" className="primary" aria-disabled={busy || undefined}>
                  Set new password
                </button>
              </form>
            )}
          </>
        )}
        <p className="auth-switch">
          <a className="link" href="/">
            Back to sign in
          </a>
        </p>
      </section>
    </main>
  )
}

import { useLayoutEffect, useRef, useState } from 'react'

// Here, not in shared/texts.ts: the settings page is a chunk of its own, the texts are not.
const signOutOthersQuestion = (n: number) =>
  n === 1
    ? 'Sign out of your other device? Whoever uses it will need your password to sign in again.'
    : `Sign out of your ${n} other devices? Whoever uses them will need your password to sign in again.`

type Props = { count: number; busy: boolean; onConfirm: (control: HTMLElement) => void }

/**
 * "Sign out of all other devices", asked once more before it acts: it cannot be undone from
 * here, and every other device then needs the password again. The question starts on Cancel
 * (Enter right after the click must not sign anyone out); Cancel or Escape puts the focus back
 * on the button that asked.
 */
export function SignOutOthers({ count, busy, onConfirm }: Props) {
  const [asking, setAsking] = useState(false)
  const ask = useRef<HTMLButtonElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const moved = useRef(false)
  useLayoutEffect(() => {
    if (!moved.current) return
    moved.current = false
    ;(asking ? cancel : ask).current?.focus()
  }, [asking])
  const answer = (open: boolean) => {
    moved.current = true
    setAsking(open)
  }

  if (!asking)
    return (
      <button
        ref={ask}
        type="button"
        className="secondary danger"
        aria-disabled={busy || undefined}
        onClick={() => !busy && answer(true)}
      >
        Sign out of all other devices
      </button>
    )
  return (
    <div
      role="alertdialog"
      aria-labelledby="sign-out-others-question"
      className="sign-out-others"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.stopPropagation()
        answer(false)
      }}
    >
      <p id="sign-out-others-question">{signOutOthersQuestion(count)}</p>
      <div className="sign-out-others-actions">
        <button ref={cancel} type="button" className="secondary" onClick={() => answer(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          aria-disabled={busy || undefined}
          onClick={(e) => !busy && onConfirm(e.currentTarget)}
        >
          Sign out {count === 1 ? 'the other device' : `all ${count}`}
        </button>
      </div>
    </div>
  )
}

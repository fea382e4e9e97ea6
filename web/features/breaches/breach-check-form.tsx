import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { toNotice, type Notice } from '../../lib/errors'
import { globalState } from '../../state/global-state'
import { NoticeAlert } from '../auth/notice-alert'
import { checkBreaches, SCANS_KEY } from './scans-query'

/** The address to check (the user's own by default) and the result of the last check. */
export function BreachCheckForm() {
  const { account } = useSnapshot(globalState)
  const queryClient = useQueryClient()
  const [email, setEmail] = useState(account?.email ?? '')
  const [notice, setNotice] = useState<Notice | null>(null)
  const check = useMutation({
    mutationFn: checkBreaches,
    onSuccess: (scan) => {
      setNotice(
        scan.found
          ? {
              type: 'warning',
              title: 'Breach Check',
              body: `${scan.target} appears in ${scan.found} known ${scan.found === 1 ? 'breach' : 'breaches'}. Change the password wherever you used it there.`,
            }
          : {
              type: 'success',
              title: 'Breach Check',
              body: `${scan.target} is not in any known breach.`,
            },
      )
      void queryClient.invalidateQueries({ queryKey: SCANS_KEY })
    },
    onError: (err) => setNotice(toNotice('breach check', err)),
  })

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    // Focusable while checking (aria-disabled): a second submit is ignored here.
    if (check.isPending) return
    setNotice(null)
    check.mutate(email.trim())
  }

  return (
    <section className="settings-section" aria-labelledby="check-title">
      <h2 id="check-title">Check an address</h2>
      <form className="settings-form" onSubmit={onSubmit} noValidate aria-busy={check.isPending}>
        {notice && <NoticeAlert notice={notice} />}
        <label>
          Email address
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" className="primary" aria-disabled={check.isPending || undefined}>
          {check.isPending ? 'Checking…' : 'Check'}
        </button>
      </form>
    </section>
  )
}

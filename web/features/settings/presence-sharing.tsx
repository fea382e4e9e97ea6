import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { globalState } from '../../state/global-state'
import { LoadFailed } from './load-failed'
import { ToggleRow } from './toggle-row'

const ACTION = 'presence sharing'

/**
 * "Share my online status and typing with my partner", off by default and reciprocal: the server
 * shows each partner the other's presence only while both share it. The admin view is not
 * affected (spec §1, §6).
 */
export function PresenceSharing() {
  const { sharing } = useSnapshot(globalState)
  // The server's word, not a kept copy: the box is usable once it has answered.
  const [loaded, setLoaded] = useState(false)
  const [failed, setFailed] = useState(false)
  // Asked again by "Try again" after a failed read.
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    let live = true
    setFailed(false)
    productApi
      .presenceSharing()
      .then((answer) => {
        if (!live) return
        globalState.sharing = answer
        setLoaded(true)
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [asked])
  const save = useMutation({
    mutationFn: (share: boolean) => productApi.presenceSharing(share),
    onSuccess: (next) => {
      globalState.sharing = next
    },
    onError: (err) => notify(toNotice(ACTION, err)),
  })
  const checked = save.isPending ? !!save.variables : sharing.mine
  const note = !sharing.mine
    ? 'Off: your partner sees neither your online status nor your typing, and you see neither of theirs.'
    : sharing.partner
      ? 'You both share: each of you sees the other online, away or offline, and typing.'
      : 'Your partner does not share theirs, so neither of you sees the other’s.'
  return (
    <>
      <ToggleRow
        label="Share my online status and typing with my partner"
        name="sharePresence"
        checked={checked}
        disabled={!loaded || save.isPending}
        noteId="privacy-note"
        onChange={(share) => save.mutate(share)}
      />
      {failed ? (
        <LoadFailed what="Your sharing choice" retry={() => setAsked((n) => n + 1)} />
      ) : (
        <p id="privacy-note" className="section-note" aria-live="polite">
          {loaded ? note : 'Loading your choice…'}
        </p>
      )}
    </>
  )
}

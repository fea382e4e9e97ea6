import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { offlineWait } from '../../../shared/texts'
import { toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { productApi } from '../../lib/product-api'
import { globalState } from '../../state/global-state'
import { LoadFailed } from './load-failed'
import { ToggleRow } from './toggle-row'

const ACTION = 'presence sharing'
const SHARING_KEY = ['presence-sharing'] as const

/**
 * "Share my online status and typing with my partner", off by default and reciprocal: the server
 * shows each partner the other's presence only while both share it. The admin view is not
 * affected (spec §1, §6).
 */
export function PresenceSharing() {
  const { sharing } = useSnapshot(globalState)
  const queryClient = useQueryClient()
  // The server's word, not a kept copy (none is kept past the section: gcTime 0), so the box is
  // usable once it has answered. A query, so that offline it waits for the connection (and says
  // so) and reads by itself once it is back.
  const read = useQuery({
    queryKey: SHARING_KEY,
    queryFn: () => productApi.presenceSharing(),
    gcTime: 0,
  })
  useEffect(() => {
    if (read.data) globalState.sharing = read.data
  }, [read.data])
  const loaded = read.isSuccess
  const save = useMutation({
    mutationFn: (share: boolean) => productApi.presenceSharing(share),
    onSuccess: (next) => {
      globalState.sharing = next
      queryClient.setQueryData(SHARING_KEY, next)
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
      {read.isError ? (
        <LoadFailed what="Your sharing choice" retry={() => read.refetch()} />
      ) : (
        <p id="privacy-note" className="section-note" aria-live="polite">
          {loaded
            ? note
            : read.fetchStatus === 'paused'
              ? offlineWait('Your sharing choice')
              : 'Loading your choice…'}
        </p>
      )}
    </>
  )
}

import { useEffect, useState } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { globalState, partnerPresenceShown } from '../../state/global-state'

/**
 * When the partner's newest message of each room was made, as realtime brought it: their typing
 * there ends with it, even when their "not typing" comes late (apply-message-event.ts).
 */
export const partnerSpoke = proxy<Record<string, number>>({})

/**
 * The partner's status where this viewer may see their typing (the admin view, or both sharing
 * presence), and a clock that ticks while their flag is up, so "typing…" lapses on time (10 s,
 * presence-model.ts isTypingIn) with no update of theirs. The room's line and the sidebar's marks.
 */
export function usePartnerTyping() {
  const snap = useSnapshot(globalState)
  const status = snap.chatee && partnerPresenceShown(snap) ? snap.chateeStatus : null
  const [now, setNow] = useState(Date.now)
  const flagged = !!status?.isTyping
  useEffect(() => {
    if (!flagged) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [flagged, status?.$updatedAt])
  return { chatee: snap.chatee, status, now }
}

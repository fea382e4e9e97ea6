import { Suspense, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useOnline } from '../../lib/use-online'
import { preloadable } from '../../lib/preloadable'
import { globalState, partnerPresenceShown } from '../../state/global-state'
import { Avatar } from '../layout/avatar'
import { fullDateTime } from '../../../shared/timeline'
import { lastSeenAt, lastSeenText, presenceOf, PRESENCE_LABELS } from './presence-model'

// The admin's alone: a chunk of its own, out of everyone's signed-in start (vite.config.ts). One
// that did not come leaves the header without it (`quiet`), not the screen to the error page.
const PartnerDetails = preloadable(
  async () => ({ default: (await import('./partner-details')).PartnerDetails }),
  true,
)

/**
 * The chat partner: presence and last seen in the admin view or while both share them (Settings),
 * else the name alone; device details behind a button for the admin.
 */
export function ChateeHeader() {
  const snap = useSnapshot(globalState)
  const { chatee, chateeStatus, flags } = snap
  const now = useMinuteClock()
  const online = useOnline()
  if (!chatee) return <div className="chatee muted">No chat partner yet</div>
  // Offline, what the partner's status was is no news: the header says what is going on.
  if (!online || !partnerPresenceShown(snap))
    return (
      <div className="chatee" aria-label="Chat partner">
        <span className="avatar-wrap">
          <Avatar name={chatee.name} list={chatee.list} />
        </span>
        <span className="chatee-text">
          <span className="chatee-name" title={chatee.name}>
            {chatee.name}
          </span>
          {!online && <span className="chatee-presence">Waiting for network…</span>}
        </span>
      </div>
    )
  const presence = presenceOf(chateeStatus)
  const seen = lastSeenText(chateeStatus, presence, now)
  const seenAt = lastSeenAt(chateeStatus, presence)
  return (
    <div className="chatee" aria-label="Chat partner">
      <span className="avatar-wrap">
        <Avatar name={chatee.name} list={chatee.list} />
        <span className={`presence-dot ${presence}`} aria-hidden="true" />
      </span>
      <span className="chatee-text">
        <span className="chatee-name" title={chatee.name}>
          {chatee.name}
        </span>
        <span className="chatee-presence">
          <span className={`presence-label ${presence}`}>{PRESENCE_LABELS[presence]}</span>
          {seen && seenAt && (
            <>
              {' · '}
              <time dateTime={seenAt.toISOString()} title={fullDateTime(seenAt)}>
                {seen}
              </time>
            </>
          )}
        </span>
      </span>
      {flags.isAdmin && chateeStatus && (
        <Suspense fallback={null}>
          <PartnerDetails status={chateeStatus} now={now.getTime()} />
        </Suspense>
      )}
    </div>
  )
}

function useMinuteClock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(id)
  }, [])
  return now
}

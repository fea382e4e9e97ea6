import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { Avatar } from '../layout/avatar'
import { isTypingIn, lastSeenText, presenceOf, PRESENCE_LABELS } from './presence-model'

/** The chat partner: presence and last seen for both; device details in the admin view. */
export function ChateeHeader() {
  const { chatee, chateeStatus, flags } = useSnapshot(globalState)
  const now = useMinuteClock()
  if (!chatee) return <div className="chatee muted">No chat partner yet</div>
  const presence = presenceOf(chateeStatus)
  const seen = lastSeenText(chateeStatus, presence, now)
  const details =
    flags.isAdmin && chateeStatus
      ? [
          isTypingIn({ ...chateeStatus, typingRoomId: null }, '', now.getTime()) ? 'typing…' : null,
          chateeStatus.location,
          chateeStatus.deviceType,
          chateeStatus.browser,
          chateeStatus.operatingSystem,
          chateeStatus.activity,
        ].filter(Boolean)
      : []
  return (
    <div className="chatee" aria-label="Chat partner">
      <span className="avatar-wrap">
        <Avatar name={chatee.name} email={chatee.email} />
        <span className={`presence-dot ${presence}`} aria-hidden="true" />
      </span>
      <span className="chatee-text">
        <span className="chatee-name">{chatee.name}</span>
        <span className="chatee-presence">
          <span className={`presence-label ${presence}`}>{PRESENCE_LABELS[presence]}</span>
          {seen && <span> · {seen}</span>}
        </span>
        {details.length > 0 && (
          <span className="chatee-details" aria-label="Partner details">
            {details.join(' · ')}
          </span>
        )}
      </span>
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

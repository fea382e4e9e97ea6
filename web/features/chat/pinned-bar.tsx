import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { focusComposer } from './message-intent'
import { excerpt, useRoom } from './room-context'
import { pinnedQuery, setPinned } from './pins'
import './pins.css'

/**
 * The room's pinned messages, one at a time over the list, as Telegram's bar: a click shows the
 * message in the room and the bar moves on to the next older pin; "Unpin" takes the shown one
 * off for both partners. Nothing while the room has none.
 */
export default function PinnedBar() {
  const room = useRoom()
  const queryClient = useQueryClient()
  const pins = useQuery(pinnedQuery(room.roomId)).data ?? []
  // Which pin shows: a new pin shows first, as the newest.
  const newest = pins[0]?.$id
  const [shown, setShown] = useState({ newest, at: 0 })
  if (!pins.length) return null
  const at = shown.newest === newest ? shown.at % pins.length : 0
  const pin = pins[at]!
  const text = excerpt(pin)
  return (
    <div className="pinned-bar" role="region" aria-label="Pinned messages">
      <button
        type="button"
        className="pinned-show"
        title="Show in chat"
        onClick={() => {
          room.jumpTo(pin.$id)
          setShown({ newest, at: at + 1 })
        }}
      >
        <span className="pinned-label">
          {pins.length > 1 ? `Pinned message ${at + 1} of ${pins.length}` : 'Pinned message'}
        </span>
        <span dir="auto" className="pinned-text">
          {text}
        </span>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Unpin “${text}”`}
        title="Unpin"
        onClick={() => {
          // The last one takes the bar, and the focus, with it: the focus goes to the composer,
          // not to the page, from whose top the keyboard would start again.
          if (pins.length === 1) focusComposer()
          void setPinned(queryClient, room.roomId, pin.$id, false)
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  )
}

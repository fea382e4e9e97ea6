import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PIN_LIMIT } from '../../../shared/constants'
import type { DisplayItem } from './display-item'
import { MenuItem } from './menu-item'
import { pinnedQuery, setPinned } from './pins'
import { excerpt } from './room-context'

type Props = { roomId: string; item: DisplayItem; done: () => void; full: () => void }

/**
 * "Pin" to the room's bar, or "Unpin" for a message pinned already (by either partner). With
 * the room's pins all taken, it asks first, as WhatsApp does (`full`): the oldest makes way.
 */
export function PinMenuItem({ roomId, item, done, full }: Props) {
  const queryClient = useQueryClient()
  const pins = useQuery(pinnedQuery(roomId)).data ?? []
  const pinned = pins.some((m) => m.$id === item.key)
  return (
    <MenuItem
      onClick={() => {
        if (!pinned && pins.length >= PIN_LIMIT) return full()
        done()
        void setPinned(queryClient, roomId, item.key, !pinned)
      }}
    >
      {pinned ? 'Unpin' : 'Pin'}
    </MenuItem>
  )
}

/** The question before a pin past the limit: its answer starts on Cancel, as a delete's does. */
export function ReplacePin(props: { roomId: string; messageId: string; done: () => void }) {
  const { roomId, messageId, done } = props
  const queryClient = useQueryClient()
  const oldest = useQuery(pinnedQuery(roomId)).data?.at(-1)
  return (
    <div role="alertdialog" aria-label="Replace the oldest pin" className="msg-confirm">
      <p>
        A room keeps {PIN_LIMIT} pinned messages. Pin this one instead of “{excerpt(oldest ?? null)}
        ”?
      </p>
      <div className="msg-confirm-actions">
        <button type="button" className="secondary" data-autofocus onClick={done}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            done()
            void setPinned(queryClient, roomId, messageId, true)
          }}
        >
          Replace
        </button>
      </div>
    </div>
  )
}

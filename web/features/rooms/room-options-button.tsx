import { Suspense } from 'react'
import { clickPart } from '../../lib/click-part'
import { usePopover } from '../layout/use-popover'
import type { Room } from './room-model'
import './room-options.css'

// A chunk of its own: only the admin view has the button, and only a click needs the panel.
const RoomOptions = clickPart(
  () => import('./room-options'),
  (p) => p.close(),
)

/** The admin view's "⋯" beside a room's name: rename, delete, or restore a deleted room. */
export default function RoomOptionsButton({ room }: { room: Room }) {
  const { open, setOpen, ref, buttonRef } = usePopover()
  return (
    <div className="room-options" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label="Room options"
        title="Room options"
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {open && (
        <Suspense fallback={null}>
          <RoomOptions
            room={room}
            close={() => {
              setOpen(false)
              buttonRef.current?.focus()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}

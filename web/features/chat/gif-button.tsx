import { Suspense, useRef, useState } from 'react'
import { clickPart } from '../../lib/click-part'
import type { GifRef } from './message-model'

// The picker is a chunk of its own (web/features/gif/, outside vite.config.ts's signed-in group),
// fetched on the first click: the room's first render never waits for it.
const GifPicker = clickPart(
  () => import('../gif/gif-picker'),
  (p) => p.onClose(),
)

/** The composer's GIF button; shown only when the server has GIF search configured. */
export default function GifButton({ onPick }: { onPick: (gif: GifRef) => void }) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <div className="gif-anchor">
      <button
        ref={button}
        type="button"
        className="attach-button gif-button"
        aria-label="Send a GIF"
        title="Send a GIF"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => (open ? close() : setOpen(true))}
      >
        GIF
      </button>
      {open && (
        <Suspense fallback={<div className="gif-picker composer-popup">Loading GIFs…</div>}>
          <GifPicker
            onClose={close}
            onPick={(gif) => {
              close()
              onPick(gif)
            }}
          />
        </Suspense>
      )}
    </div>
  )
}

import { lazy } from 'react'
import { shownWidth } from './attachment-format'
import type { GifRef } from './message-model'

/** The box a GIF will play in, reserved from its size before its player or bytes arrive. */
export const gifBoxStyle = (gif: GifRef) => ({
  width: shownWidth(gif.width, gif.height),
  aspectRatio: `${gif.width} / ${gif.height}`,
})

// A GIF message's player (web/features/gif/, a chunk of its own): fetched when the first GIF
// message renders, not preloaded with the other message parts, so rooms without GIFs never load it.
export const GifPlayer = lazy(() => import('../gif/gif-view'))

export function GifBox({ gif }: { gif: GifRef }) {
  return (
    <div className="msg-gif" style={gifBoxStyle(gif)}>
      <span className="msg-gif-state">GIF</span>
    </div>
  )
}

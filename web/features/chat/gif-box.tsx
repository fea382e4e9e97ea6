import { preloadable } from '../../lib/preloadable'
import { shownWidth } from './attachment-format'
import type { GifRef } from './message-model'

/** The box a GIF will play in, reserved from its size before its player or bytes arrive. */
export const gifBoxStyle = (gif: GifRef) => ({
  width: shownWidth(gif.width, gif.height),
  aspectRatio: `${gif.width} / ${gif.height}`,
})

// A GIF message's player (web/features/gif/, a chunk of its own): fetched when the first GIF
// message renders, not preloaded with the other message parts, so rooms without GIFs never load it.
// One that did not come leaves the GIF's box in its place (preloadable's `quiet`).
export const GifPlayer = preloadable(() => import('../gif/gif-view'), GifBox)

export function GifBox({ gif }: { gif: GifRef }) {
  return (
    <div className="msg-gif" style={gifBoxStyle(gif)}>
      <span className="msg-gif-state">GIF</span>
    </div>
  )
}

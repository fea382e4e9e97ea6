import { shownWidth } from './attachment-format'
import type { GifRef } from './message-model'

/** The box a GIF will play in, reserved from its size before its player or bytes arrive. */
export const gifBoxStyle = (gif: GifRef) => ({
  width: shownWidth(gif.width, gif.height),
  aspectRatio: `${gif.width} / ${gif.height}`,
})

export function GifBox({ gif }: { gif: GifRef }) {
  return (
    <div className="msg-gif" style={gifBoxStyle(gif)}>
      <span className="msg-gif-state">GIF</span>
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import { BlurGate } from '../media/blur-gate'
import { shownWidth } from './attachment-format'
import { gifMediaQuery } from './gif-media'
import type { GifRef } from './message-model'

/** A message's GIF, playing inline; its box is reserved from its size before the bytes arrive. */
export function GifView({ gif }: { gif: GifRef }) {
  const media = useQuery(gifMediaQuery(gif.url))
  const width = shownWidth(gif.width, gif.height)
  const box = { width, aspectRatio: `${gif.width} / ${gif.height}` }
  return (
    <BlurGate name="GIF">
      <div className="msg-gif" style={box}>
        {media.data ? (
          <img src={media.data} alt="GIF" width={gif.width} height={gif.height} />
        ) : (
          <span className="msg-gif-state" role={media.isError ? 'alert' : undefined}>
            {media.isError ? 'The GIF could not be loaded.' : 'GIF'}
          </span>
        )}
      </div>
    </BlurGate>
  )
}

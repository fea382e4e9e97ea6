import { useQuery } from '@tanstack/react-query'
import { gifBoxStyle } from '../chat/gif-box'
import type { GifRef } from '../chat/message-model'
import { BlurGate } from '../media/blur-gate'
import { gifMediaQuery } from './gif-media'

/**
 * A message's GIF, playing inline (a chunk of its own, see web/features/chat/gif-box.tsx);
 * its box is reserved from its size before the bytes arrive.
 */
export default function GifView({ gif }: { gif: GifRef }) {
  const media = useQuery(gifMediaQuery(gif.url))
  return (
    <BlurGate name="GIF">
      <div className="msg-gif" style={gifBoxStyle(gif)}>
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

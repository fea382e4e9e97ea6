import type { GifRef } from '../../shared/schemas'
import { featuresOn, type Config } from '../config'
import { ApiError } from '../lib/api-error'
import { isGifMediaUrl } from './gif-media'

/**
 * A message's GIF: only while GIFs are on, and only a rendition of the configured provider, so a
 * message can never make the partner's Worker fetch an arbitrary address.
 */
export function checkGif(config: Config, gif: Required<GifRef>) {
  if (!featuresOn(config).gifs)
    throw new ApiError(409, 'GIFs are off: GIF_API_URL is not set', 'feature_off')
  if (!isGifMediaUrl(config, gif.url))
    throw new ApiError(400, 'The GIF is not from the configured GIF service', 'gif_refused')
  return { gifUrl: gif.url, gifWidth: gif.width, gifHeight: gif.height }
}

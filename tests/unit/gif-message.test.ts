import { describe, expect, it } from 'vitest'
import { AddMessageRequest } from '../../shared/schemas'
import { toMessage } from '../../web/features/chat/message-model'
import { isGifMediaUrl } from '../../worker/services/gif-media'

// GIF messages and thumbnails: how the SPA reads their columns, what the API accepts, and which
// addresses count as the provider's renditions.
describe('toMessage', () => {
  const row = { $id: 'x', $createdAt: 't', roomId: 'r', message: '', senderId: 's' }

  it('reads a GIF (all three columns, or none) and an image thumbnail', () => {
    const gif = { gifUrl: 'https://media.tenor.com/a/b.gif', gifWidth: 498, gifHeight: 280 }
    expect(toMessage({ ...row, ...gif }).gif).toEqual({ url: gif.gifUrl, width: 498, height: 280 })
    expect(toMessage({ ...row, gifUrl: gif.gifUrl, gifWidth: 0, gifHeight: 280 }).gif).toBeNull()
    expect(toMessage(row).gif).toBeNull()
    const file = { fileId: 'f1', fileName: 'a.png', fileType: 'image/png', fileSize: 9 }
    expect(toMessage({ ...row, ...file, thumbId: 't1' }).attachment?.thumbId).toBe('t1')
    expect(toMessage({ ...row, ...file, thumbId: null }).attachment).not.toHaveProperty('thumbId')
  })
})

describe('AddMessageRequest with a GIF', () => {
  const gif = { url: 'https://media.tenor.com/a/b.gif', width: 10, height: 10 }
  it('takes a GIF without text, refuses one with a file, a bad address or no size', () => {
    expect(AddMessageRequest.safeParse({ roomId: 'home', gif }).success).toBe(true)
    const bad = [
      { gif, attachment: { fileId: 'f1' } },
      { gif: { ...gif, url: 'javascript:alert(1)' } },
      { gif: { url: gif.url } },
      { gif: { ...gif, width: 5000 } },
    ]
    for (const extra of bad)
      expect(AddMessageRequest.safeParse({ roomId: 'home', ...extra }).success).toBe(false)
  })
})

describe('isGifMediaUrl', () => {
  const tenor = { GIF_PROVIDER: 'tenor' as const, GIF_API_URL: 'https://tenor.googleapis.com' }
  const giphy = { GIF_PROVIDER: 'giphy' as const, GIF_API_URL: 'https://api.giphy.com' }
  it('accepts the provider’s https media hosts and the API origin only', () => {
    expect(isGifMediaUrl(tenor, 'https://media.tenor.com/x/y.gif')).toBe(true)
    expect(isGifMediaUrl(tenor, 'https://tenor.googleapis.com/x.gif')).toBe(true)
    expect(isGifMediaUrl(giphy, 'https://media3.giphy.com/media/x/giphy.gif')).toBe(true)
    expect(isGifMediaUrl(giphy, 'https://i.giphy.com/x.gif')).toBe(true)
    for (const url of [
      'http://media.tenor.com/x.gif',
      'https://media.tenor.com:444/x.gif',
      'https://user@media.tenor.com/x.gif',
      'https://media.tenor.com.evil.example/x.gif',
      'https://media.giphy.com/x.gif',
      'not a url',
    ])
      expect(isGifMediaUrl(tenor, url), url).toBe(false)
    expect(isGifMediaUrl(giphy, 'https://media.tenor.com/x.gif')).toBe(false)
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isInlineImage } from '../../shared/media-box'
import { formatFileSize, shownWidth } from '../../web/features/chat/attachment-format'
import { addPending, outbox, setUpload } from '../../web/features/chat/outbox'
import { openOutbox } from '../../web/features/chat/outbox-storage'
import { installMemoryStorage, storedOutbox } from './helpers/memory-storage'
import { pending } from './helpers/message'

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [2048, '2 KB'],
    [2520, '2.5 KB'],
    [Math.round(2.4 * 1024 * 1024), '2.4 MB'],
    [31_457_280, '30 MB'],
    [1024 * 1024 - 1, '1 MB'],
    [5 * 1024 ** 3, '5 GB'],
  ])('%d bytes → %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown)
  })
})

describe('images in bubbles', () => {
  it('shows raster images inline, never SVG or other types', () => {
    for (const t of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'IMAGE/PNG'])
      expect(isInlineImage(t), t).toBe(true)
    for (const t of ['image/svg+xml', 'text/plain', 'application/pdf', ''])
      expect(isInlineImage(t), t).toBe(false)
  })

  it('fits the box in 320 × 320 without enlarging a small image', () => {
    expect(shownWidth(40, 30)).toBe(40)
    expect(shownWidth(4000, 3000)).toBe(320)
    expect(shownWidth(1000, 4000)).toBe(80)
    expect(shownWidth(1, 100_000)).toBe(1)
  })
})

// The outbox is kept in localStorage (a stand-in in Node).
describe('the outbox with attachments', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0))
  const item = pending
  const file = { fileId: 'f1', name: 'a.png', type: 'image/png', size: 9, width: 4, height: 3 }
  const stored = () => storedOutbox('ada')
  let uninstall = () => {}
  beforeEach(() => void (uninstall = installMemoryStorage()))
  afterEach(() => uninstall())

  it('keeps a message only once its file is uploaded, then with its file id', async () => {
    const close = openOutbox('ada')
    addPending(item('c1', { attachment: file, upload: { progress: 40, failed: false } }))
    await tick()
    expect(stored()).toEqual([])
    setUpload('c1', undefined)
    await tick()
    expect(stored()).toMatchObject([{ clientId: 'c1', attachment: { fileId: 'f1' } }])
    close()
    expect(outbox.items).toEqual([])
    // After a reload: back as not sent, with the same file, so a retry needs no upload.
    const reopen = openOutbox('ada')
    expect(outbox.items).toMatchObject([{ clientId: 'c1', state: 'failed', attachment: file }])
    reopen()
  })

  it('drops a stored entry that still claims an upload or has no file id', () => {
    const bad = [
      item('c2', { upload: { progress: 0, failed: true }, attachment: file }),
      item('c3', { attachment: { ...file, fileId: 7 as unknown as string } }),
      item('c4'),
    ]
    localStorage.setItem('kathelia-outbox:ada', JSON.stringify(bad))
    const close = openOutbox('ada')
    expect(outbox.items.map((i) => i.clientId)).toEqual(['c4'])
    close()
  })
})

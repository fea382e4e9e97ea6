import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isInlineImage } from '../../shared/media-box'
import { formatFileSize, shownWidth } from '../../web/features/chat/attachment-format'
import type { PendingMessage } from '../../web/features/chat/message-model'
import { addPending, openOutbox, outbox, setUpload } from '../../web/features/chat/outbox'

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

// The outbox is kept in localStorage: a Map stands in for the browser's storage in Node.
describe('the outbox with attachments', () => {
  const store = new Map<string, string>()
  const key = 'kathelia-outbox:ada'
  const tick = () => new Promise((r) => setTimeout(r, 0))
  const item = (clientId: string, extra: Partial<PendingMessage> = {}): PendingMessage => ({
    clientId,
    roomId: 'home',
    message: 'caption',
    senderId: 'ada',
    createdAt: '2026-01-01T00:00:00.000Z',
    state: 'sending',
    ...extra,
  })
  const file = { fileId: 'f1', name: 'a.png', type: 'image/png', size: 9, width: 4, height: 3 }
  const stored = () => JSON.parse(store.get(key) ?? '[]') as PendingMessage[]

  beforeEach(() => {
    store.clear()
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    })
  })
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage
  })

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
    store.set(key, JSON.stringify(bad))
    const close = openOutbox('ada')
    expect(outbox.items.map((i) => i.clientId)).toEqual(['c4'])
    close()
  })
})

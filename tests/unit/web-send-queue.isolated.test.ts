import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { ApiError } from '../../web/lib/api-error'
import { createQueryClient } from '../../web/lib/query-client'
import { addPending, outbox, setUpload } from '../../web/features/chat/outbox'
import { pending } from './helpers/message'

// The API client reads the page's origin when loaded (web/lib/backend-config.ts).
vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } })
const { productApi } = await import('../../web/lib/product-api')
const { flushOutbox, stopOutboxRetry, takeBack } =
  await import('../../web/features/chat/send-queue')
const { files } = await import('../../web/features/chat/upload-queue')

// The browser's `online` event comes before its network works, and a network can drop a request
// while the browser says it is online: the outbox then tries again by itself, 1 s doubling to
// 30 s (the spec's backoff), until it is sent. Offline, it waits for the `online` event instead.
describe('the send queue after a lost connection', () => {
  const queryClient = createQueryClient()
  const lost = () => Promise.reject(new TypeError('Failed to fetch'))
  let onLine = true
  let send: MockInstance<typeof productApi.addMessage>
  /** The server's row for a stored message (only what the queue reads of it). */
  const stored = async ({ clientId }: { clientId?: string }) =>
    ({
      $id: clientId,
      $createdAt: '2026-01-01T00:00:00.000Z',
      roomId: 'home',
      message: 'caption',
      senderId: 'ada',
      kind: 'user',
      clientId,
      seq: 1,
    }) as unknown as Awaited<ReturnType<typeof productApi.addMessage>>
  const stateOf = (clientId: string) => outbox.items.find((i) => i.clientId === clientId)?.state
  /** Lets the queue's awaited answers settle without moving the clock. */
  const settle = () => vi.advanceTimersByTimeAsync(0)

  beforeEach(() => {
    vi.useFakeTimers()
    onLine = true
    vi.stubGlobal('navigator', {
      get onLine() {
        return onLine
      },
    })
    outbox.items = []
    send = vi.spyOn(productApi, 'addMessage')
  })
  afterEach(() => {
    stopOutboxRetry()
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('tries again after 1, 2 and 4 s while online, and sends the queue in order once it can', async () => {
    send.mockImplementation(lost)
    addPending(pending('a'))
    addPending(pending('b'))
    await flushOutbox(queryClient)
    expect(send).toHaveBeenCalledTimes(1)
    expect([stateOf('a'), stateOf('b')]).toEqual(['failed', 'failed'])
    await vi.advanceTimersByTimeAsync(999)
    expect(send).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(send).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(send).toHaveBeenCalledTimes(3)
    send.mockImplementation(stored)
    await vi.advanceTimersByTimeAsync(4_000)
    expect(send.mock.calls.slice(3).map(([body]) => body.clientId)).toEqual(['a', 'b'])
    expect([stateOf('a'), stateOf('b')]).toEqual(['sent', 'sent'])
    // Nothing left: no more tries.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(send).toHaveBeenCalledTimes(5)
  })

  it('waits at most 30 s between tries, however long the network stays down', async () => {
    send.mockImplementation(lost)
    addPending(pending('a'))
    await flushOutbox(queryClient)
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000 + 16_000)
    expect(send).toHaveBeenCalledTimes(6)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(send).toHaveBeenCalledTimes(6)
    await vi.advanceTimersByTimeAsync(1)
    expect(send).toHaveBeenCalledTimes(7)
  })

  it('offline, leaves the next try to the online event', async () => {
    onLine = false
    send.mockImplementation(lost)
    addPending(pending('a'))
    await flushOutbox(queryClient)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(send).toHaveBeenCalledTimes(1)
    expect(stateOf('a')).toBe('failed')
  })

  it('never tries a refused message again by itself', async () => {
    send.mockRejectedValue(new ApiError(400, 'general_argument_invalid', 'Too long'))
    addPending(pending('a'))
    await flushOutbox(queryClient)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(send).toHaveBeenCalledTimes(1)
    expect(outbox.items[0]).toMatchObject({ state: 'failed', rejected: 'general_argument_invalid' })
  })

  it('a flush meanwhile (Retry, the online event) replaces the pending try', async () => {
    send.mockImplementation(lost)
    addPending(pending('a'))
    await flushOutbox(queryClient)
    await vi.advanceTimersByTimeAsync(500)
    send.mockImplementation(stored)
    await flushOutbox(queryClient)
    await settle()
    expect(stateOf('a')).toBe('sent')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(send).toHaveBeenCalledTimes(2)
  })

  it("sends another tab's message written offline, never one that tab is sending, and keeps that one's state on a lost connection", async () => {
    send.mockImplementation(lost)
    const other = 'kathelia-outbox:ada:tab-2'
    addPending({ ...pending('theirs-going', { state: 'sending' }), elsewhere: other })
    addPending({ ...pending('theirs-waiting', { state: 'failed' }), elsewhere: other })
    addPending(pending('mine'))
    await flushOutbox(queryClient)
    expect(send.mock.calls.map(([body]) => body.clientId)).toEqual(['theirs-waiting'])
    expect(stateOf('theirs-going')).toBe('sending')
    expect(stateOf('mine')).toBe('failed')
    send.mockImplementation(stored)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(send.mock.calls.slice(1).map(([body]) => body.clientId)).toEqual([
      'theirs-waiting',
      'mine',
    ])
  })
})

// Several files sent at once are several messages, each after the one before it (`after`).
describe('the send queue with several files sent at once', () => {
  const queryClient = createQueryClient()
  const uploading = { upload: { progress: 0.5, failed: false } }
  let send: MockInstance<typeof productApi.addMessage>
  const sent = () => send.mock.calls.map(([body]) => body.clientId)

  beforeEach(() => {
    outbox.items = []
    send = vi
      .spyOn(productApi, 'addMessage')
      .mockImplementation(
        async ({ clientId }) =>
          ({ ...pending(clientId!), $id: clientId, seq: 1, kind: 'user' }) as unknown as Awaited<
            ReturnType<typeof productApi.addMessage>
          >,
      )
  })
  afterEach(() => {
    stopOutboxRetry()
    vi.restoreAllMocks()
  })

  it('sends each after the one before, whichever upload ends first', async () => {
    addPending(pending('first', uploading))
    addPending(pending('second', { ...uploading, after: 'first' }))
    addPending(pending('third', { ...uploading, after: 'second' }))
    // The last upload ends first, then the second: both wait for the first.
    setUpload('third', undefined)
    await flushOutbox(queryClient)
    setUpload('second', undefined)
    await flushOutbox(queryClient)
    expect(sent()).toEqual([])
    setUpload('first', undefined)
    await flushOutbox(queryClient)
    expect(sent()).toEqual(['first', 'second', 'third'])
  })

  it('waits behind a failed upload it may try again, not behind one refused or taken back', async () => {
    files.set('first', new File(['x'], 'first.txt'))
    addPending(pending('first', { upload: { progress: 0, failed: true }, state: 'failed' }))
    addPending(pending('second', { after: 'first' }))
    addPending(pending('third', { after: 'second' }))
    addPending(pending('fourth', { after: 'third' }))
    await flushOutbox(queryClient)
    expect(sent()).toEqual([])
    // The failed one taken back: the others go in order, the refused second holding none back.
    send.mockImplementationOnce(() =>
      Promise.reject(new ApiError(403, 'Not allowed here', 'user_unauthorized')),
    )
    takeBack(queryClient, 'first')
    await flushOutbox(queryClient)
    expect(sent()).toEqual(['second', 'third', 'fourth'])
  })

  it('hands the caption and the reply of the first, taken back, to the next', () => {
    addPending(pending('first', { ...uploading, message: 'Our trip', replyToId: 'm1' }))
    addPending(pending('second', { ...uploading, message: '', after: 'first' }))
    takeBack(queryClient, 'first')
    expect(outbox.items.map((i) => [i.clientId, i.message, i.replyToId, i.after])).toEqual([
      ['second', 'Our trip', 'm1', undefined],
    ])
  })

  it('a text written offline behind a file goes after it; one written beside an upload goes first', async () => {
    files.set('photo', new File(['x'], 'photo.png'))
    addPending(pending('photo', { upload: { progress: 0, failed: true }, state: 'failed' }))
    addPending(pending('written offline', { behind: 'photo' }))
    addPending(pending('written online'))
    // Back online the photo's upload starts again: the text written behind it waits for it.
    setUpload('photo', { progress: 0.2, failed: false })
    await flushOutbox(queryClient)
    expect(sent()).toEqual(['written online'])
    setUpload('photo', undefined)
    await flushOutbox(queryClient)
    expect(sent()).toEqual(['written online', 'photo', 'written offline'])
  })

  it('one taken back from the middle leaves the next waiting for the one before it', async () => {
    addPending(pending('first', uploading))
    addPending(pending('second', { after: 'first' }))
    addPending(pending('third', { after: 'second' }))
    takeBack(queryClient, 'second')
    await flushOutbox(queryClient)
    expect(sent()).toEqual([])
    setUpload('first', undefined)
    await flushOutbox(queryClient)
    expect(sent()).toEqual(['first', 'third'])
  })
})

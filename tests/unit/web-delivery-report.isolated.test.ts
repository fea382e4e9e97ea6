import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../web/lib/query-client'

// The API's answer is the server's to give: only the call to it is replaced here.
const apiPost = vi.fn()
vi.mock('../../web/lib/api', () => ({ apiPost }))
// The SDK client reads the page's origin when loaded (web/lib/backend-config.ts).
vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } })
const { noteDelivered } = await import('../../web/features/chat/delivery-report')
const { receiptsKey } = await import('../../web/features/chat/receipts-query')

// "Delivered" reports (web/features/chat/delivery-report.ts): the first at once, a burst one a
// second a room carrying its newest seq, nothing the server has already, a failure tried again.
describe('delivery reports', () => {
  const queryClient = createQueryClient()
  const reported = () => apiPost.mock.calls.map(([path, body]) => [path, body])
  let me = 0
  let meId = ''

  beforeEach(() => {
    vi.useFakeTimers()
    apiPost.mockReset()
    apiPost.mockImplementation(async (_path: string, body: { roomId: string; seq: number }) => body)
    // A user of their own per test: the reports' state is kept per user and room.
    meId = `me${++me}`
    queryClient.setQueryData(receiptsKey(meId), { own: {}, partner: {}, held: {}, delivered: {} })
  })
  afterEach(() => vi.useRealTimers())

  it('sends the first at once and a burst a second later, as its newest', async () => {
    noteDelivered(queryClient, meId, 'home', 1)
    await vi.advanceTimersByTimeAsync(0)
    expect(reported()).toEqual([['/receipt/delivered', { roomId: 'home', seq: 1 }]])
    for (const seq of [2, 3, 4]) noteDelivered(queryClient, meId, 'home', seq)
    await vi.advanceTimersByTimeAsync(500)
    expect(reported()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(reported().at(-1)).toEqual(['/receipt/delivered', { roomId: 'home', seq: 4 }])
    expect(reported()).toHaveLength(2)
    // Another room has a second of its own.
    noteDelivered(queryClient, meId, 'garden', 7)
    await vi.advanceTimersByTimeAsync(0)
    expect(reported().at(-1)).toEqual(['/receipt/delivered', { roomId: 'garden', seq: 7 }])
  })

  it('reports nothing the server holds already, as its answer or the receipts say', async () => {
    noteDelivered(queryClient, meId, 'home', 5)
    await vi.advanceTimersByTimeAsync(0)
    // The answer is kept: an older or equal seq asks nothing.
    noteDelivered(queryClient, meId, 'home', 5)
    noteDelivered(queryClient, meId, 'home', 3)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(reported()).toHaveLength(1)
    queryClient.setQueryData(receiptsKey(meId), {
      own: {},
      partner: {},
      held: { garden: 9 },
      delivered: {},
    })
    noteDelivered(queryClient, meId, 'garden', 9)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(reported()).toHaveLength(1)
  })

  it('tries a failed report again with the next note, and one noted meanwhile after it', async () => {
    apiPost.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    noteDelivered(queryClient, meId, 'home', 2)
    await vi.advanceTimersByTimeAsync(0)
    noteDelivered(queryClient, meId, 'home', 2)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(reported()).toEqual([
      ['/receipt/delivered', { roomId: 'home', seq: 2 }],
      ['/receipt/delivered', { roomId: 'home', seq: 2 }],
    ])
    // A slow answer: what is noted meanwhile goes once it is in, a second after it went.
    let answer = (_: unknown) => {}
    apiPost.mockImplementationOnce(() => new Promise((r) => (answer = r)))
    noteDelivered(queryClient, meId, 'home', 3)
    await vi.advanceTimersByTimeAsync(1_000)
    noteDelivered(queryClient, meId, 'home', 4)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(reported()).toHaveLength(3)
    answer({ roomId: 'home', seq: 3 })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(reported().at(-1)).toEqual(['/receipt/delivered', { roomId: 'home', seq: 4 }])
  })
})

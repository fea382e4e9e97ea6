import { QueryClient, InfiniteQueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { storeMessage } from '../../web/features/chat/apply-message-event'
import { fetchBegins, noteLiveMessage, replayEntries } from '../../web/features/chat/live-replay'
import { flattenPages, type Message, type MessagePage } from '../../web/features/chat/message-model'
import { msg as row } from './helpers/message'
import { subscribedChannels } from '../../web/lib/realtime-frames'

// The chat modules read the page's origin when loaded (the backend lives there).
vi.hoisted(() => {
  Object.assign(globalThis, { window: { location: { origin: 'http://127.0.0.1:1' } } })
})

const msg = (seq: number, roomId = 'home') => row(seq, { roomId })

const seqs = (pages: readonly MessagePage[] | undefined) =>
  flattenPages(pages ?? []).map((m) => m.seq)
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/**
 * A room's messages as the app queries them, with each page's answer held until released: the
 * answer is the server's read when the request left (`rows`), whatever happened since.
 */
function heldRoom(client: QueryClient, roomId: string) {
  const requests: { before: number | null; answer: (rows: Message[]) => void }[] = []
  const observer = new InfiniteQueryObserver(client, {
    queryKey: ['messages', roomId],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, client: c }) => {
      fetchBegins(c, roomId)
      return new Promise<MessagePage>((resolve) =>
        requests.push({ before: pageParam, answer: (rows) => resolve({ rows }) }),
      )
    },
    getNextPageParam: (last: MessagePage) =>
      last.rows.length < 2 ? undefined : Math.min(...last.rows.map((m) => m.seq)),
  })
  const unsubscribe = observer.subscribe(() => undefined)
  const pages = () => client.getQueryData<{ pages: MessagePage[] }>(['messages', roomId])?.pages
  return { observer, requests, pages, unsubscribe }
}

describe('live events during a fetch', () => {
  it('an event that arrives while the first load is under way survives its older answer', async () => {
    const client = new QueryClient()
    const room = heldRoom(client, 'a')
    await tick()
    // Nothing is cached yet, so the event cannot be written anywhere but the log.
    storeMessage(client, msg(3, 'a'))
    room.requests[0]!.answer([msg(2, 'a'), msg(1, 'a')])
    await tick()
    expect(seqs(room.pages())).toEqual([1, 2, 3])
    room.unsubscribe()
  })

  it('a refetch of several pages keeps an event that came while a later page was loading', async () => {
    const client = new QueryClient()
    const room = heldRoom(client, 'b')
    await tick()
    room.requests[0]!.answer([msg(4, 'b'), msg(3, 'b')])
    await tick()
    void room.observer.fetchNextPage()
    await tick()
    room.requests[1]!.answer([msg(2, 'b'), msg(1, 'b')])
    await tick()
    expect(seqs(room.pages())).toEqual([1, 2, 3, 4])

    void room.observer.refetch()
    await tick()
    room.requests[2]!.answer([msg(4, 'b'), msg(3, 'b')])
    await tick()
    storeMessage(client, msg(5, 'b')) // written into the cache the refetch will replace
    noteLiveMessage(msg(3, 'b'), true) // and a deletion the first page's answer predates
    room.requests[3]!.answer([msg(2, 'b'), msg(1, 'b')])
    await tick()
    expect(seqs(room.pages())).toEqual([1, 2, 4, 5])
    room.unsubscribe()
  })

  it('logs nothing once the fetch is over: a later answer is the truth again', async () => {
    const client = new QueryClient()
    const room = heldRoom(client, 'c')
    await tick()
    room.requests[0]!.answer([msg(1, 'c')])
    await tick()
    storeMessage(client, msg(2, 'c'))
    expect(seqs(room.pages())).toEqual([1, 2])
    // Deleted since (its event lost): the next answer lacks it, and nothing puts it back.
    void room.observer.refetch()
    await tick()
    room.requests[1]!.answer([msg(1, 'c')])
    await tick()
    expect(seqs(room.pages())).toEqual([1])
    room.unsubscribe()
  })

  it('replays in order: a row created then deleted stays deleted', () => {
    const created = { message: msg(7), deleted: false }
    const deleted = { message: msg(7), deleted: true }
    expect(seqs(replayEntries([{ rows: [msg(6)] }], [created, deleted]))).toEqual([6])
    expect(seqs(replayEntries([{ rows: [msg(6)] }], [created]))).toEqual([6, 7])
  })
})

describe('subscribedChannels', () => {
  it('reads the channels of a successful subscribe confirmation, and of nothing else', () => {
    const frame = (type: string, data: unknown) => JSON.stringify({ type, data })
    const subscriptions = [
      { subscriptionId: 's1', channels: ['account.u1', 'tablesdb.k.tables.messages.rows'] },
      { subscriptionId: 's2', channels: ['tablesdb.k.tables.rooms.rows'] },
    ]
    expect(
      subscribedChannels(frame('response', { to: 'subscribe', success: true, subscriptions })),
    ).toEqual(['account.u1', 'tablesdb.k.tables.messages.rows', 'tablesdb.k.tables.rooms.rows'])
    expect(
      subscribedChannels(frame('response', { to: 'subscribe', success: false, subscriptions })),
    ).toEqual([])
    expect(
      subscribedChannels(frame('response', { to: 'unsubscribe', success: true, subscriptions })),
    ).toEqual([])
    expect(subscribedChannels(frame('event', { channels: ['x'], events: ['subscribe'] }))).toEqual(
      [],
    )
    expect(subscribedChannels('{"subscribe"')).toEqual([])
    expect(subscribedChannels(new ArrayBuffer(4))).toEqual([])
  })
})

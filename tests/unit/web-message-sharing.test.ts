import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { proxy, snapshot } from 'valtio'
import { describe, expect, it, vi } from 'vitest'
import { storeMessage } from '../../web/features/chat/apply-message-event'
import { fromMessage, fromPending } from '../../web/features/chat/display-item'
import {
  flattenPages,
  type Message,
  type PendingMessage,
} from '../../web/features/chat/message-model'
import {
  messagesKey,
  messagesQuery,
  type MessagesData,
} from '../../web/features/chat/messages-query'
import { msg } from './helpers/message'

// The chat modules read the page's origin when loaded (the backend lives there).
vi.hoisted(() => {
  Object.assign(globalThis, { window: { location: { origin: 'http://127.0.0.1:1' } } })
})

/** The room's query with the app's own options (its structural sharing among them). */
function room(roomId: string) {
  const client = new QueryClient()
  const observer = new InfiniteQueryObserver(client, { ...messagesQuery(roomId), enabled: false })
  const unsubscribe = observer.subscribe(() => undefined)
  const older = Array.from({ length: 100 }, (_, i) => msg(100 - i, { roomId }))
  client.setQueryData<MessagesData>(messagesKey(roomId), {
    pages: [{ rows: older }],
    pageParams: [null],
  })
  const loaded = () => flattenPages(client.getQueryData<MessagesData>(messagesKey(roomId))!.pages)
  return { client, loaded, unsubscribe }
}

describe('live messages keep the loaded ones as they were', () => {
  it('300 live messages leave every earlier message the same object (and display item)', () => {
    const { client, loaded, unsubscribe } = room('live')
    const first = loaded()
    const items = first.map(fromMessage)
    for (let seq = 101; seq <= 400; seq++) storeMessage(client, msg(seq, { roomId: 'live' }))
    const now = loaded()
    expect(now.map((m) => m.seq)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1))
    // A copy per live message made every memoized row render again and kept every old copy.
    const copied = first.filter((m, i) => now[i] !== m)
    expect(copied.length).toBe(0)
    expect(first.map(fromMessage).every((item, i) => item === items[i])).toBe(true)
    unsubscribe()
  })

  it('a changed message gets its new version, the others stay', () => {
    const { client, loaded, unsubscribe } = room('edit')
    const before = loaded()
    const edited: Message = { ...before[49]!, message: 'changed', editedAt: '2024-01-02T00:00:00Z' }
    storeMessage(client, edited)
    const now = loaded()
    expect(now[49]).toEqual(edited)
    expect(now.filter((m, i) => m !== before[i]).map((m) => m.seq)).toEqual([50])
    unsubscribe()
  })

  it('a refetch that answers the same rows keeps the cached data as it was', () => {
    const { client, unsubscribe } = room('same')
    const cached = client.getQueryData<MessagesData>(messagesKey('same'))!
    const answer = structuredClone(cached)
    client.setQueryData(messagesKey('same'), answer)
    expect(client.getQueryData(messagesKey('same'))).toBe(cached)
    unsubscribe()
  })
})

describe('queued messages', () => {
  it('an unchanged queued message keeps its display item while another one changes', () => {
    const queued = (n: number): PendingMessage => ({
      clientId: `c${n}`,
      roomId: 'home',
      message: `queued ${n}`,
      senderId: 'ada',
      createdAt: new Date(2024, 0, 1, 0, n).toISOString(),
      state: 'sending',
    })
    const outbox = proxy({ items: [queued(1), queued(2)] })
    const before = snapshot(outbox).items.map(fromPending)
    outbox.items[1]!.state = 'sent'
    const after = snapshot(outbox).items.map(fromPending)
    // A new item per render re-rendered every queued row on each send.
    expect(after[0]).toBe(before[0])
    expect(after[1]).not.toBe(before[1])
    expect(after[1]!.state).toBe('sent')
  })
})

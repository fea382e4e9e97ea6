import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { installMemoryStorage } from './helpers/memory-storage'

// The offline snapshot (web/features/offline/offline-history.ts) is kept a moment after the
// data changes. A visit whose room loads all failed (a Wi-Fi without internet) had no messages
// to keep, and wrote that emptiness over the snapshot the next offline visit needed.
const KEY = 'kathelia-offline'
let uninstall = () => {}
beforeAll(() => {
  uninstall = installMemoryStorage()
  vi.useFakeTimers()
  vi.stubGlobal('addEventListener', () => {})
  vi.stubGlobal('removeEventListener', () => {})
})
afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  uninstall()
})

describe('the offline snapshot', () => {
  it('is never written with no room read, and is dated by when its rooms were read', async () => {
    const kept = JSON.stringify({ userId: 'ada', savedAt: 1, state: { queries: [] } })
    localStorage.setItem(KEY, kept)
    const { globalState } = await import('../../web/state/global-state')
    const { queryClient } = await import('../../web/lib/query-client')
    globalState.account = { $id: 'ada', name: 'Ada', email: 'ada@x.test', emailVerification: true }
    await import('../../web/features/offline/offline-history')
    await vi.advanceTimersByTimeAsync(0)
    // The rooms list arrived, no room's messages did: nothing is written over what was kept.
    queryClient.setQueryData(['rooms'], [{ $id: 'home' }])
    await vi.advanceTimersByTimeAsync(6_000)
    expect(localStorage.getItem(KEY)).toBe(kept)

    queryClient.setQueryData(['messages', 'home'], { pages: [{ rows: [] }], pageParams: [null] })
    const readAt = queryClient.getQueryState(['messages', 'home'])!.dataUpdatedAt
    await vi.advanceTimersByTimeAsync(6_000)
    const now = JSON.parse(localStorage.getItem(KEY)!) as { savedAt: number; userId: string }
    expect(now.userId).toBe('ada')
    expect(now.savedAt).toBe(readAt)
  })

  it("keeps the rooms of earlier visits beside this one's, the newest six", async () => {
    const { queryClient } = await import('../../web/lib/query-client')
    type Kept = { savedAt: number; state: { queries: { queryKey: unknown[] }[] } }
    const page = { pages: [{ rows: [] }], pageParams: [null] }
    const visit = async (...rooms: string[]) => {
      // A new visit: only what it read is in its cache.
      queryClient.clear()
      for (const room of rooms) {
        queryClient.setQueryData(['messages', room], page)
        queryClient.setQueryData(['unread', room], 0)
        await vi.advanceTimersByTimeAsync(10)
      }
      await vi.advanceTimersByTimeAsync(6_000)
      const kept = JSON.parse(localStorage.getItem(KEY)!) as Kept
      const ofKind = (kind: string) =>
        kept.state.queries.filter((q) => q.queryKey[0] === kind).map((q) => q.queryKey[1])
      return { messages: ofKind('messages').sort(), unread: ofKind('unread').sort() }
    }
    expect(await visit('a', 'b', 'c')).toMatchObject({ messages: ['a', 'b', 'c', 'home'] })
    // One room opened, the others kept; its own copy is this visit's.
    expect(await visit('b')).toEqual({
      messages: ['a', 'b', 'c', 'home'],
      unread: ['a', 'b', 'c'],
    })
    // Six at most, the newest read: b (the last visit), then c (read after a and home).
    expect((await visit('d', 'e', 'f', 'g')).messages).toEqual(['b', 'c', 'd', 'e', 'f', 'g'])
  })
})

import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type InfiniteData,
} from '@tanstack/react-query'
import { queryClient } from '../../lib/query-client'
import { subscribe } from 'valtio'
import { globalState, OFFLINE_KEY } from '../../state/global-state'

// What a signed-in app shows when it is opened without a connection: the rooms, and the newest
// page of the rooms read last, as this browser last had them (with their reactions, receipts
// and unread counts). Kept per browser for the one user signed in; signing out forgets it
// (global-state.ts signedOut), as it forgets who was signed in.
type Snapshot = { userId: string; savedAt: number; state: DehydratedState }

// The newest page (100 messages) of this many rooms: enough to read on a train, and a few
// hundred KB at most for localStorage.
const ROOMS_KEPT = 6
const PER_USER = new Set(['rooms', 'receipts'])
const PER_ROOM = new Set(['messages', 'reactions', 'unread'])
// Older than this, what was read is more misleading than no history.
const KEPT_MS = 30 * 24 * 3600_000
// A conversation changes the rooms every few seconds: one write for a burst of them.
const SAVE_AFTER_MS = 5_000

/** The snapshot of what the app holds now, for `userId`. */
function snapshot(userId: string): Snapshot {
  const read = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['messages'], predicate: (q) => q.state.data !== undefined })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, ROOMS_KEPT)
  const rooms = new Set(read.map((q) => q.queryKey[1]))
  const state = dehydrate(queryClient, {
    // With data, not only a success: offline, a refetch fails and the data it had is still it.
    shouldDehydrateQuery: ({ queryKey: [kind, id], state }) =>
      state.data !== undefined &&
      (PER_USER.has(String(kind)) || (PER_ROOM.has(String(kind)) && rooms.has(id))),
  })
  // A new object, not the cache's own: the live query keeps its older pages.
  for (const q of state.queries)
    if (q.queryKey[0] === 'messages') {
      const data = q.state.data as InfiniteData<unknown>
      q.state = { ...q.state, data: { pages: data.pages.slice(0, 1), pageParams: [null] } }
    }
  state.queries.push(...earlierRooms(userId, rooms))
  // When the rooms were read, not when they were written again: a visit that only restored them
  // (its loads failing) does not make them new, and they still expire.
  const savedAt = Math.max(
    0,
    ...state.queries.filter((q) => q.queryKey[0] === 'messages').map((q) => q.state.dataUpdatedAt),
  )
  return { userId, savedAt, state }
}

/**
 * The kept rooms this visit did not read, newest first, up to ROOMS_KEPT in all: a visit that
 * opened one room replaced the snapshot of the six read before, and those were then missing
 * offline.
 */
function earlierRooms(userId: string, read: Set<unknown>): DehydratedState['queries'] {
  const kept = storedSnapshot()
  if (kept?.userId !== userId) return []
  const fresh = (q: DehydratedState['queries'][number]) =>
    Date.now() - q.state.dataUpdatedAt < KEPT_MS
  const rooms = new Set(
    kept.state.queries
      .filter((q) => q.queryKey[0] === 'messages' && !read.has(q.queryKey[1]) && fresh(q))
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, Math.max(0, ROOMS_KEPT - read.size))
      .map((q) => q.queryKey[1]),
  )
  return kept.state.queries.filter(
    (q) => PER_ROOM.has(String(q.queryKey[0])) && rooms.has(q.queryKey[1]),
  )
}

function storedSnapshot(): Snapshot | null {
  try {
    return JSON.parse(localStorage.getItem(OFFLINE_KEY) ?? 'null') as Snapshot | null
  } catch {
    return null
  }
}

/**
 * Keeps the snapshot current while the app runs: a moment after the data changes, and when the
 * page is left. Returns the function that stops it.
 */
function keepOfflineHistory(userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    const now = snapshot(userId)
    // A visit that read no room (its loads failed) would put nothing over what was kept.
    if (!now.state.queries.some((q) => q.queryKey[0] === 'messages')) return
    try {
      localStorage.setItem(OFFLINE_KEY, JSON.stringify(now))
    } catch {
      // Storage full or blocked: the app still works, only not offline.
    }
  }
  const later = () => void (timer ??= setTimeout(save, SAVE_AFTER_MS))
  const stop = queryClient.getQueryCache().subscribe((e) => {
    const kind = String(e.query.queryKey[0])
    if (e.type === 'updated' && (PER_USER.has(kind) || PER_ROOM.has(kind))) later()
  })
  const leaving = () => timer !== undefined && save()
  addEventListener('pagehide', leaving)
  // At once when a room is loaded; not before, when what the cache holds is less than what is
  // kept (an app opened offline imports this module to restore it).
  if (
    queryClient
      .getQueryCache()
      .findAll({ queryKey: ['messages'] })
      .some((q) => q.state.data)
  )
    save()
  return () => {
    stop()
    clearTimeout(timer)
    removeEventListener('pagehide', leaving)
  }
}

/** Puts `userId`'s snapshot in the query cache (an app opened offline); false when none fits. */
export function restoreOfflineHistory(userId: string): boolean {
  const kept = storedSnapshot()
  if (kept?.userId !== userId || !(Date.now() - kept.savedAt < KEPT_MS)) return false
  // TanStack Query assumes a connection until an `offline` event says otherwise, and none comes
  // to a page loaded offline: its queries wait for the connection instead of failing.
  onlineManager.setOnline(navigator.onLine)
  hydrate(queryClient, kept.state)
  return true
}

// Imported once a room has settled (chat-room.tsx): from then on it keeps the
// snapshot of whoever is signed in, and stops when nobody is.
let kept: { userId: string; stop: () => void } | undefined
function follow() {
  const userId = globalState.account?.$id
  if (userId === kept?.userId) return
  kept?.stop()
  kept = userId ? { userId, stop: keepOfflineHistory(userId) } : undefined
}
subscribe(globalState, follow)
follow()

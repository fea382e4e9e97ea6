import type { QueryClient } from '@tanstack/react-query'
import { insertMessage, type Message, type MessagePage } from './message-model'

/*
 * A fetch answers with the rows as the server read them, and that answer replaces the cached
 * pages. A realtime event that arrives while the fetch is under way is written into the old
 * pages (or, with none cached yet, nowhere), so the answer would erase it: a message lost until
 * the next refetch. While a room's messages are being fetched its events are therefore also
 * logged, and replayed onto the answer. Replaying is idempotent (rows match by $id), so an
 * event the answer already holds changes nothing.
 */

type Entry = { message: Message; deleted: boolean }

/** Per room with a fetch under way: the events since it began. */
const open = new Map<string, Entry[]>()
const watched = new WeakSet<QueryClient>()

/** Reads of one room (see readWhileLogging) and the events that arrived during each. */
const readers = new Set<{ roomId: string; log: Entry[] }>()

/** A message event (or a send's answer) for the room: logged if its messages are being read. */
export function noteLiveMessage(message: Message, deleted = false) {
  open.get(message.roomId)?.push({ message, deleted })
  for (const r of readers) if (r.roomId === message.roomId) r.log.push({ message, deleted })
}

/** Runs one read of the room; answers with its result and the events that arrived meanwhile. */
export async function readWhileLogging<T>(roomId: string, read: () => Promise<T>) {
  const reader = { roomId, log: [] as Entry[] }
  readers.add(reader)
  try {
    return { answer: await read(), arrived: reader.log }
  } finally {
    readers.delete(reader)
  }
}

/** Called by the room's query function as a fetch begins (every page of a refetch calls it). */
export function fetchBegins(client: QueryClient, roomId: string) {
  watch(client)
  if (!open.has(roomId)) open.set(roomId, [])
}

/** Pages with the logged events applied in order: inserted or replaced by $id, or removed. */
export function replayEntries(pages: readonly MessagePage[], entries: readonly Entry[]) {
  return entries.reduce<MessagePage[]>(
    (acc, { message, deleted }) =>
      deleted
        ? acc.map((p) => ({ rows: p.rows.filter((m) => m.$id !== message.$id) }))
        : insertMessage(acc, message),
    [...pages],
  )
}

// The cache tells when a fetch's answer was stored (or the fetch ended without one); the
// listener runs a tick later, so anything logged up to then is replayed too.
function watch(client: QueryClient) {
  if (watched.has(client)) return
  watched.add(client)
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    const [head, roomId] = event.query.queryKey
    const log = head === 'messages' && typeof roomId === 'string' ? open.get(roomId) : undefined
    if (!log) return
    const { action } = event
    if (action.type === 'success' && !action.manual && log.length) {
      client.setQueryData<{ pages: MessagePage[] }>(
        event.query.queryKey,
        (data) => data && { ...data, pages: replayEntries(data.pages, log) },
      )
    }
    if (event.query.state.fetchStatus === 'idle') open.delete(roomId as string)
  })
}

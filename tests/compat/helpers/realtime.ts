import { SpySocket } from './dom-shim'
import { Client, Realtime, type RealtimeResponseEvent } from 'appwrite'
import * as server from 'node-appwrite'
import { BUCKET_ID, DATABASE_ID, TEAMS } from '../../../shared/db-schema'
import { endpoint, keyClient, PROJECT } from './server-sdk'
import { sessionClient } from './users'

// Shared pieces of the realtime compat tests: web SDK sockets in Node, waits on what actually
// crossed the socket, and writes with the API key (which fan out like any write).

export const wsUrl = (query = '') =>
  `${endpoint().replace(/^http/, 'ws')}/realtime?project=${PROJECT}${query}`

export const realtimeFor = (session?: string) => new Realtime(sessionClient(session))

const opened: Realtime[] = []

/** A `Realtime` for a session, a configured Client or a guest; ended by disconnectAll. */
export function live(who?: string | Client): Realtime {
  const rt = who instanceof Client ? new Realtime(who) : realtimeFor(who)
  opened.push(rt)
  return rt
}

/** Closes every socket `live` opened (use as afterEach). */
export const disconnectAll = async () => {
  await Promise.all(opened.splice(0).map((rt) => rt.disconnect()))
}

/** The SDK's current socket (a SpySocket, see dom-shim); read to observe the wire, never driven. */
export function socketOf(rt: Realtime | Client): SpySocket {
  const holder = rt instanceof Client ? (rt as unknown as { realtime: unknown }).realtime : rt
  const socket = (holder as { socket?: SpySocket }).socket
  if (!socket) throw new Error('no socket yet')
  return socket
}

export async function until<T>(
  probe: () => T | undefined | null | false,
  what: string,
  ms = 8000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = probe()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Waits until the server acknowledged a subscription on `channel` (as converted by it). */
export function acked(rt: Realtime | Client, channel: string) {
  return until(() => {
    try {
      return socketOf(rt).frames.find(
        (f) =>
          f.type === 'response' &&
          f.data.to === 'subscribe' &&
          f.data.subscriptions.some((s: { channels: string[] }) => s.channels.includes(channel)),
      )
    } catch {
      return undefined
    }
  }, `subscribe ack for ${channel}`)
}

/** Waits until the server acknowledged at least n distinct subscriptions on the current socket. */
export function settled(rt: Realtime | Client, n: number) {
  return until(() => {
    try {
      const ids = new Set<string>()
      for (const f of socketOf(rt).frames)
        if (f.type === 'response' && f.data.to === 'subscribe')
          for (const s of f.data.subscriptions) ids.add(s.subscriptionId)
      return ids.size >= n
    } catch {
      return false
    }
  }, `${n} subscribe acks`)
}

/** The first received frame answering `to` (authentication, subscribe, unsubscribe, presence). */
export const responseTo = (rt: Realtime | Client, to: string) =>
  until(() => {
    try {
      return socketOf(rt).frames.find((f) => f.type === 'response' && f.data.to === to)
    } catch {
      return undefined
    }
  }, `response to ${to}`)

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A callback that records what it is given, for `subscribe(channels, inbox.push)`. */
export function inbox() {
  const events: RealtimeResponseEvent<Record<string, any>>[] = []
  return {
    events,
    push: (e: RealtimeResponseEvent<Record<string, any>>) => void events.push(e),
    ids: () => events.map((e) => e.payload.$id as string),
    /** Waits for the n-th event (1-based) and returns it. */
    nth: (n: number) => until(() => events[n - 1], `event #${n}`),
  }
}

export const USER_TEAM = TEAMS.user
export const table = (tableId: string) => `tablesdb.${DATABASE_ID}.tables.${tableId}.rows`
export const filesChannel = `buckets.${BUCKET_ID}.files`

/** Writes with the API key (no permission checks), which fans out like any write. */
export function createRow(tableId: string, data: Record<string, unknown>, permissions?: string[]) {
  return new server.TablesDB(keyClient()).createRow({
    databaseId: DATABASE_ID,
    tableId,
    rowId: server.ID.unique(),
    data,
    permissions,
  })
}

/** A random room color, for queries that pick one room. */
export const roomColor = () => `#${server.ID.unique().slice(-6)}`

export function createRoom(extra: Record<string, unknown> = {}) {
  const tag = server.ID.unique()
  return createRow('rooms', {
    name: `Room ${tag}`,
    hiddenName: `room-${tag}`,
    color: '#000000',
    isDeleted: false,
    createdBy: '',
    ...extra,
  })
}

/** A scan row (rowSecurity table) readable by the given roles only. */
export const createScan = (...readers: string[]) =>
  createRow(
    'scans',
    { target: `https://example.test/${server.ID.unique()}` },
    readers.map((r) => server.Permission.read(r)),
  )

export { SpySocket }

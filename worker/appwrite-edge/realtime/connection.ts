// Per-socket state. The attachment (serializeAttachment) is the durable copy that survives
// hibernation; a WeakMap keeps the parsed form while the object is awake.
import { convertChannels } from './channels'
import type { Presence } from './presence'
import { formatError } from './protocol'
import { parseQuery, type Query } from './queries'

/** A subscription as the client sent it: raw channels (converted per user at match time). */
export type StoredSubscription = { id: string; channels: string[]; queries: string[] }

export type ConnState = {
  userId: string | null
  // The session (or JWT's session) that authenticated the socket; logging it out demotes it.
  sessionId: string | null
  roles: string[]
  // A list, not an object keyed by client ids: an id like `__proto__` must stay just an id.
  subs: StoredSubscription[]
  presences: Presence[]
  // Why the connection was refused at open (URL-mode policy violation), if it was.
  rejected: string | null
  // Fixed one-minute window of the per-connection message limit.
  rate: { start: number; count: number }
}

export type LiveSubscription = { channels: Set<string>; queries: Query[] }

export class Conn {
  private live?: Map<string, LiveSubscription>

  constructor(
    readonly ws: WebSocket,
    private current: ConnState,
  ) {}

  get state(): Readonly<ConnState> {
    return this.current
  }

  /** Subscriptions with account channels converted for the current user and queries parsed. */
  subscriptions(): Map<string, LiveSubscription> {
    if (!this.live) {
      this.live = new Map()
      for (const sub of this.state.subs) {
        this.live.set(sub.id, {
          channels: new Set(convertChannels(sub.channels, this.state.userId)),
          queries: sub.queries.map(parseQuery),
        })
      }
    }
    return this.live
  }

  /**
   * Replaces the state and persists it, so a woken object sees the same sockets. The attachment
   * is capped (16 KiB in workerd): a change that does not fit is refused and nothing changes.
   */
  commit(changes: Partial<ConnState>): void {
    const next = { ...this.current, ...changes }
    try {
      this.ws.serializeAttachment(next)
    } catch {
      throw formatError('Too many subscriptions or presences for one connection.')
    }
    this.current = next
    this.live = undefined
  }
}

const cache = new WeakMap<WebSocket, Conn>()

export function newConn(ws: WebSocket, state: ConnState): Conn {
  const conn = new Conn(ws, state)
  cache.set(ws, conn)
  conn.commit({})
  return conn
}

/** The socket's state, from memory or (after hibernation) from its attachment. */
export function connOf(ws: WebSocket): Conn | undefined {
  let conn = cache.get(ws)
  if (!conn) {
    const state = ws.deserializeAttachment() as ConnState | null
    if (!state) return undefined
    conn = new Conn(ws, state)
    cache.set(ws, conn)
  }
  return conn
}

export const MESSAGES_PER_MINUTE = 32

/** Counts one inbound message; false once the connection is over its limit for this minute. */
export function countMessage(conn: Conn, now = Date.now()): boolean {
  const { start, count } = conn.state.rate
  const rate = now - start >= 60_000 ? { start: now, count: 1 } : { start, count: count + 1 }
  conn.commit({ rate })
  return rate.count <= MESSAGES_PER_MINUTE
}

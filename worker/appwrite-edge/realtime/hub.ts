import type { Config } from '../../config'
import type { Caller } from '../auth/caller'
import { GUEST_ROLES } from '../auth/roles'
import type { EdgeEvent } from '../context'
import type { Sql } from '../db/sql'
import { uniqueId } from '../db/sql'
import { accountModel } from '../models/user'
import { convertChannels, urlSubscriptions } from './channels'
import { connOf, countMessage, newConn, type Conn } from './connection'
import { deliver, refreshUser, usersToRecheck } from './fanout'
import { authenticate, subscribe, unsubscribe } from './handlers'
import { presenceEvent, upsertPresence } from './presence'
import * as frames from './protocol'
import { parseQuery, QueryError, queryString, SELECT_ALL } from './queries'

/**
 * Realtime sockets of the embedded backend, on the Hibernation API: per-socket state lives in the
 * socket's attachment, so the object may sleep between messages and events.
 */
export class RealtimeHub {
  // Frames of one socket are handled in order even when a handler awaits (session hashing), so
  // the SDK's back-to-back `authentication` + `subscribe` resolve `account` for the right user.
  private readonly queues = new WeakMap<WebSocket, Promise<void>>()

  constructor(
    readonly ctx: DurableObjectState,
    readonly sql: Sql,
    readonly config: Config,
  ) {}

  upgrade(req: Request, caller: Caller): Response {
    const [client, server] = Object.values(new WebSocketPair())
    this.ctx.acceptWebSocket(server)
    // An API key is not a realtime identity; such a socket sees what a guest sees.
    const user = caller.kind === 'user' ? caller : undefined
    const conn = newConn(server, {
      userId: user?.user.id ?? null,
      sessionId: user?.session.id ?? null,
      roles: user?.roles ?? GUEST_ROLES,
      subs: [],
      presences: [],
      rejected: null,
      rate: { start: Date.now(), count: 0 },
    })
    const account = user ? accountModel(user.user) : null
    try {
      server.send(this.connected(conn, new URL(req.url).searchParams, account))
    } catch (err) {
      const e = err instanceof frames.RealtimeError ? err : this.unexpected(err)
      server.send(frames.errorFrame(e.code, e.message))
      // Appwrite closes here with 1008, but a close issued before the 101 is out gets lost in
      // local workerd (and wedges the socket); so the socket answers its first frame with the
      // same policy violation and closes then.
      conn.commit({ rejected: e.message })
    }
    return new Response(null, { status: 101, webSocket: client })
  }

  /** The `connected` frame; in the old URL mode the channels in the URL are subscribed first. */
  private connected(conn: Conn, params: URLSearchParams, account: unknown): string {
    const byIndex = urlSubscriptions(params)
    if (byIndex.size === 0) return frames.connectedFrame([], [], account)
    const mapping: Record<string, string> = {}
    const subs = [...conn.state.subs]
    for (const [index, sub] of [...byIndex].sort((a, b) => a[0] - b[0])) {
      let queries: string[]
      try {
        queries = sub.queries.map((q) => queryString(parseQuery(q)))
      } catch (err) {
        if (err instanceof QueryError) throw new frames.RealtimeError(1008, err.message)
        throw err
      }
      const id = uniqueId()
      subs.push({
        id,
        channels: sub.channels,
        queries: queries.length ? queries : [SELECT_ALL],
      })
      mapping[index] = id
    }
    conn.commit({ subs })
    const names = convertChannels(
      [...byIndex.values()].flatMap((s) => s.channels),
      conn.state.userId,
    )
    // PHP encodes a 0..n-1 keyed map as a list.
    const ids = Object.values(mapping)
    const isList = Object.keys(mapping).every((k, i) => k === String(i))
    return frames.connectedFrame(names, isList ? ids : mapping, account)
  }

  message(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const next = (this.queues.get(ws) ?? Promise.resolve())
      .then(() => this.handle(ws, data))
      .catch((err) => void this.unexpected(err))
    this.queues.set(ws, next)
    return next
  }

  private async handle(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const conn = connOf(ws)
    if (!conn) return
    try {
      if (conn.state.rejected !== null)
        throw new frames.RealtimeError(frames.POLICY_VIOLATION, conn.state.rejected)
      if (!countMessage(conn))
        throw new frames.RealtimeError(frames.TOO_MANY_MESSAGES, 'Too many messages.')
      const { type, data } = frames.parseFrame(raw)
      switch (type) {
        case 'ping':
          return ws.send(frames.pongFrame())
        case 'authentication':
          return ws.send(
            frames.responseFrame('authentication', await authenticate(this.sql, conn, data)),
          )
        case 'subscribe':
          return ws.send(frames.responseFrame('subscribe', subscribe(conn, data)))
        case 'unsubscribe':
          return ws.send(frames.responseFrame('unsubscribe', unsubscribe(conn, data)))
        case 'presence': {
          const presence = upsertPresence(conn, data)
          ws.send(frames.responseFrame('presence', { presence }))
          return this.publish(presenceEvent(presence, 'upsert'))
        }
        default:
          throw frames.formatError('Message type is not valid.')
      }
    } catch (err) {
      const e = err instanceof frames.RealtimeError ? err : this.unexpected(err)
      try {
        ws.send(frames.errorFrame(e.code, e.message))
        if (e.code === frames.POLICY_VIOLATION) ws.close(e.code, e.message.slice(0, 120))
      } catch {
        // Already closing.
      }
    }
  }

  close(ws: WebSocket): void {
    const conn = connOf(ws)
    try {
      ws.close(1000, 'closed')
    } catch {
      // Already closed.
    }
    // Presences live as long as their socket (announced once, though error and close both come).
    const presences = conn?.state.presences ?? []
    if (!presences.length) return
    try {
      conn?.commit({ presences: [] })
    } catch {
      // A closed socket may refuse a new attachment; the announcement still goes out.
    }
    for (const p of presences) this.publish(presenceEvent(p, 'delete'))
  }

  /** Fans an event out; synchronous so it runs right after the SQL write it reports. */
  publish(event: EdgeEvent): void {
    const conns = this.ctx.getWebSockets().flatMap((ws) => connOf(ws) ?? [])
    if (!conns.length) return
    if (event.permissionsChangedFor) refreshUser(this.sql, conns, event.permissionsChangedFor)
    deliver(conns, event)
    // A deleted session, user or a block ends the socket's identity after this last event.
    for (const userId of usersToRecheck(event.events)) refreshUser(this.sql, conns, userId)
  }

  private unexpected(err: unknown): frames.RealtimeError {
    console.error('realtime error', err)
    return new frames.RealtimeError(500, 'Error: Server Error')
  }
}

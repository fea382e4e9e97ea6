import { DurableObject } from 'cloudflare:workers'
import { getConfig } from '../config'
import { jwtUser, keyCaller, resolveCaller, type Caller } from './auth/caller'
import { runBatch, updateRowIf, type BatchPlan, type FieldCondition } from './batch'
import { loginSalt, type SaltAnswer } from './account/login-gate'
import { passwordGate, type GateAnswer, type GateRequest } from './account/password-gate'
import type { Edge, EdgeEvent } from './context'
import { INTERNAL } from './context'
import { CommitGroup } from './db/commit-group'
import { provision } from './db/provision'
import { Sql } from './db/sql'
import { AppwriteException } from './errors'
import { createEdgeApp } from './http'
import { readOutbox, sendMail } from './mail/transport'
import { RealtimeHub } from './realtime/hub'
import { refuseUpgrade } from './realtime/protocol'

/**
 * The embedded Appwrite-compatible backend: all state in this object's SQLite storage and the
 * realtime sockets in the same object, so a write is stored and fanned out in one place.
 * Password hashing happens in the Worker before a request arrives here.
 */
export class EdgeBackend extends DurableObject<Env> {
  readonly sql: Sql
  readonly realtime: RealtimeHub
  private readonly app: ReturnType<typeof createEdgeApp>
  private readonly commits = new CommitGroup()

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.sql = new Sql(ctx.storage.sql)
    ctx.blockConcurrencyWhile(async () => {
      this.sql.migrate()
      provision(this.sql)
    })
    this.realtime = new RealtimeHub(ctx, this.sql, getConfig(env))
    this.app = createEdgeApp((req) => this.edgeFor(req))
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
      try {
        return this.realtime.upgrade(
          request,
          await resolveCaller(request, this.sql, getConfig(this.env)),
        )
      } catch (err) {
        // A bad JWT, a blocked user, JWT and cookie together: refused on the socket, as Appwrite.
        if (err instanceof AppwriteException) return refuseUpgrade(err.status, err.message)
        throw err
      }
    }
    return this.app.fetch(request, this.env)
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    await this.realtime.message(ws, message)
  }

  async webSocketClose(ws: WebSocket) {
    this.realtime.close(ws)
  }

  async webSocketError(ws: WebSocket) {
    this.realtime.close(ws)
  }

  /**
   * RPC for the Worker's login step: the stored salt, or a decoy so a miss costs the same, or
   * `throttled` (account/throttle.ts, known-device.ts) so a throttled attempt costs no hash.
   */
  passwordSalt(req: { email: string; ip: string; cookie?: string }): Promise<SaltAnswer> {
    return loginSalt(this.sql, getConfig(this.env), req)
  }

  /** RPC before the Worker hashes a new password: the route's cheap refusals come first. */
  passwordGate(req: GateRequest): Promise<GateAnswer> {
    return passwordGate(this.sql, getConfig(this.env), req)
  }

  /**
   * RPC: the caller check, reads and a guarded create of one /api request (batch.ts). One that
   * creates runs in its commit group's turn (db/commit-group.ts).
   */
  batch(plan: BatchPlan) {
    const turn = plan.create ? () => this.commits.turn() : undefined
    return runBatch(
      this.edge(keyCaller()),
      (jwt) => jwtUser(this.sql, getConfig(this.env), jwt, turn),
      plan,
    )
  }

  /** RPC: a row written only when its current fields hold the conditions (batch.ts), grouped. */
  async updateRowIf(
    table: string,
    rowId: string,
    data: Record<string, unknown>,
    conditions: FieldCondition[],
  ) {
    await this.commits.turn()
    return updateRowIf(this.edge(keyCaller()), table, rowId, data, conditions)
  }

  /** RPC for GET /__dev/outbox (development only). */
  outbox() {
    return readOutbox(this.sql)
  }

  publish(event: EdgeEvent) {
    this.realtime.publish(event)
  }

  private async edgeFor(req: Request): Promise<Edge> {
    return this.edge(await resolveCaller(req, this.sql, getConfig(this.env)), req)
  }

  /** The context of a call: a REST request's, or an RPC's acting with the API key's rights. */
  private edge(caller: Caller, req?: Request): Edge {
    const config = getConfig(this.env)
    return {
      sql: this.sql,
      config,
      env: this.env,
      caller,
      publish: (e) => this.realtime.publish(e),
      sendMail: (mail) => sendMail(this.sql, config, this.env, mail),
      waitUntil: (p) => void p.catch((err) => console.error('background task failed', err)),
      ip: req?.headers.get(INTERNAL.ip) ?? '',
      userAgent: req?.headers.get('user-agent') ?? '',
      secure: req?.headers.get(INTERNAL.secure) === '1',
    }
  }
}

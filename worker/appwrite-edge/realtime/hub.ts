import type { Config } from '../../config'
import type { Caller } from '../auth/caller'
import type { EdgeEvent } from '../context'
import type { Sql } from '../db/sql'

/** Realtime sockets of the embedded backend (Hibernation API). Placeholder until realtime lands. */
export class RealtimeHub {
  constructor(
    readonly ctx: DurableObjectState,
    readonly sql: Sql,
    readonly config: Config,
  ) {}

  upgrade(_req: Request, _caller: Caller): Response {
    return new Response('realtime not available yet', { status: 501 })
  }

  message(_ws: WebSocket, _data: string | ArrayBuffer): void {}

  close(_ws: WebSocket): void {}

  publish(_event: EdgeEvent): void {}
}

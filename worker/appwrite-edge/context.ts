import type { Config } from '../config'
import type { Caller } from './auth/caller'
import type { Sql } from './db/sql'

/** One realtime event: what Appwrite fans out after a write (see realtime/README in ../README.md). */
export type EdgeEvent = {
  events: string[]
  channels: string[]
  // Roles allowed to receive it; a connection gets it only if it holds one of them.
  roles: string[]
  payload: Record<string, unknown>
  // Set when a user's roles changed (membership events): their sockets recompute roles.
  permissionsChangedFor?: string
}

export type Mail = { to: string; subject: string; text: string; html: string }

/** What every handler inside the Durable Object gets. */
export interface Edge {
  sql: Sql
  config: Config
  env: Env
  caller: Caller
  /** Fans an event out to the realtime sockets allowed to see it. */
  publish(event: EdgeEvent): void
  /** Sends through the configured transport (the outbox locally). */
  sendMail(mail: Mail): Promise<void>
  /** Runs after the response (Durable Objects keep running while work is pending). */
  waitUntil(promise: Promise<unknown>): void
  /** Client IP and User-Agent as the Worker saw them. */
  ip: string
  userAgent: string
  /** Whether the public origin is https (Secure cookies). */
  secure: boolean
}

export type EdgeHono = { Bindings: Env; Variables: { edge: Edge } }

/** Internal headers the Worker sets before forwarding; stripped from anything a client sends. */
export const INTERNAL = {
  newPassword: 'x-edge-new-password',
  passwordProof: 'x-edge-password-proof',
  ip: 'x-edge-client-ip',
  secure: 'x-edge-secure',
  // request.cf as JSON {countryCode, continentCode, eu} (account/geo.ts): locale and sessions.
  geo: 'x-edge-geo',
} as const

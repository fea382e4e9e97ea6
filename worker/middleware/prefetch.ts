import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { z, ZodType } from 'zod'
import { HeartbeatRequest } from '../../shared/schemas'
import type { TableId } from '../../shared/db-schema'
import { BackendError, type CreateIf, type Fetched, type Row, type RowRead } from '../backend'
import { BoundedMap } from '../lib/bounded-map'
import { validate } from '../lib/validate'
import { authenticateWith, bearer } from './auth'
import type { ApiHono } from './context'

type Claims = { userId?: string; sessionId?: string }
// Claimed ids by JWT: a client repeats its token with every call (bounded, per isolate).
const claims = new BoundedMap<string, Claims>(512)

/**
 * The user and session ids a JWT claims, unverified: they only name rows read beside the caller
 * check, and those rows are used only when the verified caller is that user (a verified JWT's
 * claims are its own). Embedded and Appwrite JWTs carry `userId` and `sessionId` in their payload.
 */
function claimsOf(jwt: string | undefined): Claims {
  if (!jwt) return {}
  let found = claims.get(jwt)
  if (found) return found
  let payload: Record<string, unknown> | undefined
  try {
    const part = jwt.split('.')[1]
    payload = part && JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')))
  } catch {
    payload = undefined
  }
  const id = (v: unknown) => (typeof v === 'string' && v ? v : undefined)
  found = { userId: id(payload?.userId), sessionId: id(payload?.sessionId) }
  claims.set(jwt, found)
  return found
}

export const claimedUserId = (jwt: string | undefined) => claimsOf(jwt).userId
export const claimedSessionId = (jwt: string | undefined) => claimsOf(jwt).sessionId

const keyOf = (table: TableId, rowId: string) => `${table}/${rowId}`

/** What a hot route needs beside the caller check: rows to read, maybe the row it will create. */
export type Prefetch = { reads: RowRead[]; create?: CreateIf }

/**
 * requireCaller for a hot route: the rows `plan` names (from the claimed id, and the body when
 * it is valid) are read in the same round trip as the JWT check, and its guarded create made
 * there too, so the route costs one Durable Object call where it cost several
 * (docs/benchmarks.md, "API").
 */
export const requireCallerReading = (
  plan: (c: Context<ApiHono>, claimed: string) => Promise<Prefetch>,
) =>
  createMiddleware<ApiHono>(async (c, next) => {
    const jwt = bearer(c.req.header('authorization'))
    const claimed = claimedUserId(jwt)
    const { reads, create } = claimed ? await plan(c, claimed) : { reads: [] }
    const { caller, rows, created, listed } = await authenticateWith(
      c,
      c.get('backend'),
      c.get('config'),
      jwt,
      { reads, create },
    )
    c.set('caller', caller)
    if (caller.$id === claimed) {
      // A read skipped because the create was made is not known, so not cached as missing.
      const made = created && !(created instanceof BackendError)
      const known = reads.flatMap((r, i) =>
        made && r.unlessCreated ? [] : [[r, rows[i]] as const],
      )
      c.set('prefetched', new Map(known.map(([r, row]) => [keyOf(r.table, r.rowId), row])))
      if (created) c.set('created', created)
      if (listed) c.set('listed', listed)
    }
    await next()
  })

/** The caller's status rows (presence reads and writes them), beside the caller check. */
export const ownStatusRows = async (_c: Context<ApiHono>, claimed: string): Promise<Prefetch> => ({
  reads: [
    { table: 'status', rowId: claimed },
    { table: 'status_details', rowId: claimed },
  ],
})

/**
 * The caller's status rows, and for a visible tab's heartbeat this device's activity row (it
 * writes them all; a hidden tab's writes no activity, presence.ts).
 */
export const ownStatusAndDevice = async (
  c: Context<ApiHono>,
  claimed: string,
): Promise<Prefetch> => {
  const session = claimedSessionId(bearer(c.req.header('authorization')))
  const { reads } = await ownStatusRows(c, claimed)
  const visible = (await validBody(c, HeartbeatRequest))?.presence === 'online'
  if (!session || !visible) return { reads }
  return { reads: [...reads, { table: 'session_activity', rowId: session }] }
}

/**
 * The body as `schema` takes it, read by a plan before the caller is known; undefined when it
 * is refused, which the route's own validation then answers (a body taken is not checked twice,
 * lib/validate.ts).
 */
export async function validBody<T extends ZodType>(
  c: Context<ApiHono>,
  schema: T,
): Promise<z.output<T> | undefined> {
  let body: z.output<T> | undefined
  try {
    await validate('json', schema)(c as never, async () => {
      body = (c.req as unknown as { valid(t: 'json'): z.output<T> }).valid('json')
    })
  } catch {
    return undefined
  }
  return body
}

/** A row read beside the caller check (once: a second read asks the backend again), or read now. */
export async function readRow<T>(
  c: Context<ApiHono>,
  table: TableId,
  rowId: string,
): Promise<Row<T> | undefined> {
  const k = keyOf(table, rowId)
  const cache: Map<string, Fetched> | undefined = c.get('prefetched')
  if (!cache?.has(k)) return c.get('backend').getRow<T>(table, rowId)
  const hit = cache.get(k)
  cache.delete(k)
  if (hit instanceof BackendError) throw hit
  return hit as Row<T> | undefined
}

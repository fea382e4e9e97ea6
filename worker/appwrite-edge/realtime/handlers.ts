// Handlers of the client frames that change a connection: authentication, subscribe, unsubscribe.
import { sessionFromValue } from '../auth/caller'
import { userRoles } from '../auth/roles'
import type { UserRecord } from '../db/records'
import type { Sql } from '../db/sql'
import { uniqueId } from '../db/sql'
import { accountModel } from '../models/user'
import { convertChannels } from './channels'
import type { Conn } from './connection'
import { formatError, RealtimeError } from './protocol'
import { parseQuery, QueryError, queryString, SELECT_ALL } from './queries'

// Bounds that keep one socket's attachment small (Appwrite's array params allow 100 × 4096).
export const MAX_SUBSCRIPTIONS = 100
const MAX_ITEMS = 100
const MAX_STRING = 4096

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.length <= MAX_ITEMS &&
  v.every((s) => typeof s === 'string' && s.length <= MAX_STRING)

function itemsOf(data: unknown): unknown[] {
  if (data === undefined || data === null)
    throw formatError('Payload is not valid. Items is required')
  if (!Array.isArray(data)) throw formatError('items: Payload is not valid.')
  return data
}

export async function authenticate(sql: Sql, conn: Conn, data: unknown) {
  if (!isObject(data) || !('session' in data))
    throw formatError('Payload is not valid. Session is required')
  const value = data.session
  if (typeof value !== 'string' || value.length > 2048)
    throw formatError('session: Value must be a valid string and no longer than 2048 chars')
  const session = await sessionFromValue(sql, value)
  const user = session && sql.one<UserRecord>('SELECT * FROM users WHERE id = ?', session.user_id)
  if (!session || !user || !user.status) throw formatError('Session is not valid.')
  // Existing subscriptions keep their raw channels, so `account` now resolves to this user.
  conn.commit({ userId: user.id, sessionId: session.id, roles: userRoles(sql, user) })
  return { success: true, user: accountModel(user) }
}

export function subscribe(conn: Conn, data: unknown) {
  const parsed = itemsOf(data).map((item) => {
    if (!isObject(item)) throw formatError('items: Each subscribe payload must be an object.')
    if (!('channels' in item)) throw formatError('items: channels is not present in payload.')
    if (!isStringList(item.channels)) throw formatError('items: channels is not a valid array.')
    if ('queries' in item && !isStringList(item.queries))
      throw formatError('items: queries is not a valid array.')
    const id = item.subscriptionId ?? uniqueId()
    if (typeof id !== 'string' || !id || id.length > 255)
      throw formatError('items: subscriptionId is not valid.')
    let queries: string[]
    try {
      const list = ((item.queries as string[] | undefined) ?? []).map(parseQuery)
      queries = list.length ? list.map(queryString) : [SELECT_ALL]
    } catch (err) {
      if (err instanceof QueryError) throw formatError(`Invalid query: ${err.message}`)
      throw err
    }
    return { subscriptionId: id, channels: item.channels, queries }
  })
  // Reusing an id replaces that subscription.
  let subs = conn.state.subs
  for (const p of parsed) {
    subs = subs.filter((s) => s.id !== p.subscriptionId)
    subs.push({ id: p.subscriptionId, channels: p.channels, queries: p.queries })
  }
  if (subs.length > MAX_SUBSCRIPTIONS)
    throw formatError(`A connection may hold at most ${MAX_SUBSCRIPTIONS} subscriptions.`)
  conn.commit({ subs })
  return {
    success: true,
    subscriptions: parsed.map((p) => ({
      subscriptionId: p.subscriptionId,
      channels: convertChannels(p.channels, conn.state.userId),
      queries: p.queries,
    })),
  }
}

export function unsubscribe(conn: Conn, data: unknown) {
  const ids = itemsOf(data).map((item) => {
    if (!isObject(item)) throw formatError('items: Each unsubscribe payload must be an object.')
    if (typeof item.subscriptionId !== 'string')
      throw formatError('items: subscriptionId is not present in payload.')
    return item.subscriptionId
  })
  let subs = conn.state.subs
  const results = ids.map((subscriptionId) => {
    const before = subs.length
    subs = subs.filter((s) => s.id !== subscriptionId)
    return { subscriptionId, removed: subs.length < before }
  })
  conn.commit({ subs })
  return { success: true, subscriptions: results }
}

/** Presence needs a signed-in connection, as in Appwrite (`User must be authorized`, 401). */
export function requireUser(conn: Conn): string {
  if (!conn.state.userId) throw new RealtimeError(401, 'User must be authorized')
  return conn.state.userId
}

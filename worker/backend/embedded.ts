import { DATABASE_ID, type TableId } from '../../shared/db-schema'
import type { Config } from '../config'
import { backendStub } from '../appwrite-edge/stub'
import {
  BackendError,
  toBackendUser,
  toMembership,
  type BackendPort,
  type Row,
  type RowList,
} from './port'

type Auth = { key: true } | { jwt: string }

/**
 * The embedded adapter: an in-process client of the Durable Object's Appwrite surface. The
 * request never leaves the isolate's binding (no network hop, no CORS or Worker-side checks);
 * server operations carry the embedded API key, caller checks the JWT.
 */
export function embeddedBackend(env: Env, config: Config): BackendPort {
  const stub = backendStub(env, config)

  async function call<T>(method: string, path: string, auth: Auth, body?: unknown): Promise<T> {
    const headers = new Headers({
      'x-appwrite-project': config.APPWRITE_PROJECT_ID,
      'x-appwrite-response-format': '1.9.5',
      accept: 'application/json',
    })
    if ('jwt' in auth) headers.set('x-appwrite-jwt', auth.jwt)
    else headers.set('x-appwrite-key', config.EMBEDDED_API_KEY)
    if (body !== undefined) headers.set('content-type', 'application/json')
    const res = await stub.fetch(
      new Request(`http://edge/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    if (res.status === 204) return undefined as T
    const text = await res.text()
    let data: Record<string, unknown> = {}
    try {
      data = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      data = { message: text }
    }
    if (res.status >= 400)
      throw new BackendError(
        res.status,
        typeof data.type === 'string' ? data.type : 'unknown',
        typeof data.message === 'string' ? data.message : `Backend answered ${res.status}`,
      )
    return data as T
  }

  const key: Auth = { key: true }
  const qs = (queries: string[]) =>
    queries.length
      ? '?' + queries.map((v, i) => `queries%5B${i}%5D=${encodeURIComponent(v)}`).join('&')
      : ''
  const rows = (table: TableId) => `/tablesdb/${DATABASE_ID}/tables/${table}/rows`
  const row = (table: TableId, id: string) => `${rows(table)}/${encodeURIComponent(id)}`

  return {
    kind: 'embedded',
    getCaller: async (jwt) => toBackendUser(await call('GET', '/account', { jwt })),
    async getUser(userId) {
      try {
        return toBackendUser(await call('GET', `/users/${encodeURIComponent(userId)}`, key))
      } catch (err) {
        if (err instanceof BackendError && err.status === 404) return undefined
        throw err
      }
    },
    async listUsers(queries) {
      const list = await call<{ users: Record<string, unknown>[] }>(
        'GET',
        `/users${qs(queries)}`,
        key,
      )
      return list.users.map(toBackendUser)
    },
    updateEmailVerification: async (userId, verified) =>
      toBackendUser(
        await call('PATCH', `/users/${encodeURIComponent(userId)}/verification`, key, {
          emailVerification: verified,
        }),
      ),
    listRows: <T>(table: TableId, queries: string[]) =>
      call<RowList<T>>('GET', `${rows(table)}${qs(queries)}`, key),
    async getRow<T>(table: TableId, rowId: string) {
      try {
        return await call<Row<T>>('GET', row(table, rowId), key)
      } catch (err) {
        if (err instanceof BackendError && err.status === 404) return undefined
        throw err
      }
    },
    createRow: <T>(table: TableId, rowId: string, data: Partial<T>) =>
      call<Row<T>>('POST', rows(table), key, { rowId, data }),
    updateRow: <T>(table: TableId, rowId: string, data: Partial<T>) =>
      call<Row<T>>('PATCH', row(table, rowId), key, { data }),
    upsertRow: <T>(table: TableId, rowId: string, data: Partial<T>) =>
      call<Row<T>>('PUT', row(table, rowId), key, { data }),
    deleteRow: (table, rowId) => call<void>('DELETE', row(table, rowId), key, {}),
    createMembership: async (teamId, userId, roles) =>
      toMembership(
        await call('POST', `/teams/${encodeURIComponent(teamId)}/memberships`, key, {
          userId,
          roles,
        }),
      ),
    async listMemberships(teamId, queries = []) {
      const list = await call<{ memberships: Record<string, unknown>[] }>(
        'GET',
        `/teams/${encodeURIComponent(teamId)}/memberships${qs(queries)}`,
        key,
      )
      return list.memberships.map(toMembership)
    },
  }
}

import { BUCKET_ID, DATABASE_ID, type TableId } from '../../shared/db-schema'
import { fieldHolds, type FieldCondition } from '../appwrite-edge/batch'
import {
  BackendError,
  type Fetched,
  toBackendUser,
  toMembership,
  toStoredFile,
  type BackendPort,
  type Row,
  type RowList,
} from './port'

/** Where requests go: the Durable Object stub (embedded) or the network (appwrite). */
export type Transport = (req: Request) => Promise<Response>

type Auth = { key: true } | { jwt: string } | { guest: true }
type Raw = Record<string, unknown>

/**
 * The port over Appwrite's documented REST API (appwrite-protocol.md §3). Both adapters use it and
 * differ only in transport, endpoint and key, so they cannot drift apart. node-appwrite is not
 * used inside the Worker: it sends through undici (6.x), which builds its HTTP parser (llhttp)
 * with WebAssembly.compile at runtime, and workerd refuses to compile WebAssembly from bytes at
 * runtime. fetch needs none of that.
 */
export function restBackend(opts: {
  kind: BackendPort['kind']
  endpoint: string
  project: string
  key: string
  transport: Transport
}): BackendPort {
  function request(method: string, path: string, auth: Auth, body?: unknown): Request {
    const headers: [string, string][] = [
      ['x-appwrite-project', opts.project],
      ['x-appwrite-response-format', '1.9.5'],
      ['accept', 'application/json'],
    ]
    if ('jwt' in auth) headers.push(['x-appwrite-jwt', auth.jwt])
    else if ('key' in auth) headers.push(['x-appwrite-key', opts.key])
    if (body !== undefined) headers.push(['content-type', 'application/json'])
    const text = body === undefined ? undefined : JSON.stringify(body)
    return new Request(`${opts.endpoint}${path}`, {
      method,
      headers,
      body: text,
      signal: AbortSignal.timeout(15_000),
    })
  }

  const answer = async <T>(res: Response): Promise<T> =>
    res.status === 204 ? (undefined as T) : parse<T>(res.status, await res.text())

  function parse<T>(status: number, text: string): T {
    let data: Raw
    try {
      data = text ? (JSON.parse(text) as Raw) : {}
    } catch {
      data = { message: text.slice(0, 200) }
    }
    if (status >= 400)
      throw new BackendError(
        status,
        typeof data.type === 'string' ? data.type : 'unknown',
        typeof data.message === 'string' ? data.message : `Backend answered ${status}`,
      )
    return data as T
  }

  const unreachable = (err: unknown) =>
    new BackendError(502, 'backend_unreachable', err instanceof Error ? err.message : String(err))

  async function call<T>(method: string, path: string, auth: Auth, body?: unknown): Promise<T> {
    let res: Response
    try {
      res = await opts.transport(request(method, path, auth, body))
    } catch (err) {
      throw unreachable(err)
    }
    return answer<T>(res)
  }

  const key: Auth = { key: true }
  const settle = (p: Promise<Row | undefined>): Promise<Fetched> =>
    p.catch((err: unknown) => {
      if (err instanceof BackendError) return err
      throw err
    })
  const orUndefined = async <T>(p: Promise<T>) => {
    try {
      return await p
    } catch (err) {
      if (err instanceof BackendError && err.status === 404) return undefined
      throw err
    }
  }
  const qs = (queries: string[]) =>
    queries.length
      ? '?' + queries.map((v, i) => `queries%5B${i}%5D=${encodeURIComponent(v)}`).join('&')
      : ''
  const enc = encodeURIComponent
  const rows = (table: TableId) => `/tablesdb/${DATABASE_ID}/tables/${table}/rows`
  const row = (table: TableId, id: string) => `${rows(table)}/${enc(id)}`

  return {
    kind: opts.kind,
    getCaller: async (jwt) => toBackendUser(await call('GET', '/account', { jwt })),
    // Appwrite has no batch: the check, then the reads side by side. The create is the route's
    // own (the embedded adapter makes it in the same call, backend/embedded.ts).
    async getCallerWith(jwt, reads) {
      const caller = toBackendUser(await call<Raw>('GET', '/account', { jwt }))
      const rows = await Promise.all(reads.map((r) => settle(this.getRow(r.table, r.rowId))))
      return { caller, rows }
    },
    async getUser(userId) {
      const u = await orUndefined(call<Raw>('GET', `/users/${enc(userId)}`, key))
      return u && toBackendUser(u)
    },
    async listUsers(queries) {
      const list = await call<{ users: Raw[] }>('GET', `/users${qs(queries)}`, key)
      return list.users.map(toBackendUser)
    },
    updateEmailVerification: async (userId, emailVerification) =>
      toBackendUser(
        await call('PATCH', `/users/${enc(userId)}/verification`, key, { emailVerification }),
      ),
    createUser: async (email, password, name) =>
      toBackendUser(
        await call('POST', '/users', key, { userId: 'unique()', email, password, name }),
      ),
    async confirmVerification(userId, secret) {
      await call('PUT', '/account/verifications/email', { guest: true }, { userId, secret })
    },
    listRows: <T>(table: TableId, queries: string[]) =>
      call<RowList<T>>('GET', `${rows(table)}${qs(queries)}`, key),
    getRow: <T>(table: TableId, rowId: string) =>
      orUndefined(call<Row<T>>('GET', row(table, rowId), key)),
    createRow: <T>(table: TableId, rowId: string, data: Partial<T>, permissions?: string[]) =>
      call<Row<T>>('POST', rows(table), key, { rowId, data, permissions }),
    updateRow: <T>(table: TableId, rowId: string, data: Partial<T>, permissions?: string[]) =>
      call<Row<T>>('PATCH', row(table, rowId), key, { data, permissions }),
    // Appwrite has no conditional write: read, check, write (a race's window of one call).
    async updateRowIf<T>(
      table: TableId,
      rowId: string,
      data: Partial<T>,
      conditions: FieldCondition[],
    ) {
      const current = await this.getRow<T>(table, rowId)
      if (!current || !conditions.every((c) => fieldHolds(c, current)))
        return { row: current, written: false }
      return { row: await this.updateRow<T>(table, rowId, data), written: true }
    },
    upsertRow: <T>(table: TableId, rowId: string, data: Partial<T>, permissions?: string[]) =>
      call<Row<T>>('PUT', row(table, rowId), key, { data, ...(permissions && { permissions }) }),
    deleteRow: (table, rowId) => call<void>('DELETE', row(table, rowId), key, {}),
    getPrefs: (userId) => call('GET', `/users/${enc(userId)}/prefs`, key),
    updatePrefs: (userId, prefs) => call('PATCH', `/users/${enc(userId)}/prefs`, key, { prefs }),
    async getFile(fileId) {
      const path = `/storage/buckets/${BUCKET_ID}/files/${enc(fileId)}`
      const file = await orUndefined(call<Raw>('GET', path, key))
      return file && toStoredFile(file)
    },
    async deleteFile(fileId) {
      await orUndefined(
        call<void>('DELETE', `/storage/buckets/${BUCKET_ID}/files/${enc(fileId)}`, key, {}),
      )
    },
    createMembership: async (teamId, userId, roles) =>
      toMembership(await call('POST', `/teams/${enc(teamId)}/memberships`, key, { userId, roles })),
    async listMemberships(teamId, queries = []) {
      const path = `/teams/${enc(teamId)}/memberships${qs(queries)}`
      const list = await call<{ memberships: Raw[] }>('GET', path, key)
      return list.memberships.map(toMembership)
    },
  }
}

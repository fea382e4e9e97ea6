import { DATABASE_ID, type TableId } from '../../shared/db-schema'
import type { Config } from '../config'
import {
  BackendError,
  toBackendUser,
  toMembership,
  type BackendPort,
  type Row,
  type RowList,
} from './port'

type Raw = Record<string, unknown>
type Sdk = typeof import('node-appwrite')

// Loaded on first use: embedded deployments never evaluate node-appwrite (and its undici).
let sdk: Promise<Sdk> | undefined
const loadSdk = () => (sdk ??= import('node-appwrite'))

/** Maps node-appwrite's exception onto the port's error; anything else (network) is a 502. */
async function guard<T>(op: () => Promise<T>): Promise<T> {
  const { AppwriteException } = await loadSdk()
  try {
    return await op()
  } catch (err) {
    if (err instanceof AppwriteException)
      throw new BackendError(err.code || 502, err.type || 'unknown', err.message)
    const message = err instanceof Error ? err.message : String(err)
    throw new BackendError(502, 'backend_unreachable', message)
  }
}

async function orUndefined<T>(op: () => Promise<T>): Promise<T | undefined> {
  try {
    return await guard(op)
  } catch (err) {
    if (err instanceof BackendError && err.status === 404) return undefined
    throw err
  }
}

/** The Appwrite adapter: the same operations on Appwrite Cloud or self-hosted, with the API key. */
export function appwriteBackend(config: Config): BackendPort {
  const endpoint = config.APPWRITE_ENDPOINT as string
  const project = config.APPWRITE_PROJECT_ID
  let services:
    | Promise<{
        sdk: Sdk
        users: InstanceType<Sdk['Users']>
        tables: InstanceType<Sdk['TablesDB']>
        teams: InstanceType<Sdk['Teams']>
      }>
    | undefined
  const server = () =>
    (services ??= loadSdk().then((m) => {
      const client = new m.Client()
        .setEndpoint(endpoint)
        .setProject(project)
        .setKey(config.APPWRITE_API_KEY as string)
      return {
        sdk: m,
        users: new m.Users(client),
        tables: new m.TablesDB(client),
        teams: new m.Teams(client),
      }
    }))
  const at = (tableId: TableId, rowId: string) => ({ databaseId: DATABASE_ID, tableId, rowId })
  const user = (u: unknown) => toBackendUser(u as Raw)

  return {
    kind: 'appwrite',
    async getCaller(jwt) {
      const { sdk: m } = await server()
      // A client of its own: setJWT would otherwise leak into the key client's headers.
      const client = new m.Client().setEndpoint(endpoint).setProject(project).setJWT(jwt)
      return user(await guard(() => new m.Account(client).get()))
    },
    async getUser(userId) {
      const { users } = await server()
      const u = await orUndefined(() => users.get({ userId }))
      return u && user(u)
    },
    async listUsers(queries) {
      const { users } = await server()
      return (await guard(() => users.list({ queries }))).users.map(user)
    },
    async updateEmailVerification(userId, emailVerification) {
      const { users } = await server()
      return user(await guard(() => users.updateEmailVerification({ userId, emailVerification })))
    },
    async listRows<T>(tableId: TableId, queries: string[]) {
      const { tables } = await server()
      const list = await guard(() => tables.listRows({ databaseId: DATABASE_ID, tableId, queries }))
      return list as unknown as RowList<T>
    },
    async getRow<T>(table: TableId, rowId: string) {
      const { tables } = await server()
      return (await orUndefined(() => tables.getRow(at(table, rowId)))) as Row<T> | undefined
    },
    async createRow<T>(table: TableId, rowId: string, data: Partial<T>) {
      const { tables } = await server()
      const row = await guard(() => tables.createRow({ ...at(table, rowId), data: data as Raw }))
      return row as unknown as Row<T>
    },
    async updateRow<T>(table: TableId, rowId: string, data: Partial<T>) {
      const { tables } = await server()
      const row = await guard(() => tables.updateRow({ ...at(table, rowId), data: data as Raw }))
      return row as unknown as Row<T>
    },
    async upsertRow<T>(table: TableId, rowId: string, data: Partial<T>) {
      const { tables } = await server()
      const row = await guard(() => tables.upsertRow({ ...at(table, rowId), data: data as Raw }))
      return row as unknown as Row<T>
    },
    async deleteRow(table, rowId) {
      const { tables } = await server()
      await guard(() => tables.deleteRow(at(table, rowId)))
    },
    async createMembership(teamId, userId, roles) {
      const { teams } = await server()
      return toMembership(
        (await guard(() => teams.createMembership({ teamId, roles, userId }))) as unknown as Raw,
      )
    },
    async listMemberships(teamId, queries = []) {
      const { teams } = await server()
      const list = await guard(() => teams.listMemberships({ teamId, queries }))
      return list.memberships.map((m) => toMembership(m as unknown as Raw))
    },
  }
}

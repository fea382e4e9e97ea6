import { AppwriteException, Account, Client, TablesDB, Teams, Users } from 'node-appwrite'
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

/** Maps node-appwrite's exception onto the port's error; anything else (network) is a 502. */
async function guard<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op()
  } catch (err) {
    if (err instanceof AppwriteException)
      throw new BackendError(err.code || 502, err.type || 'unknown', err.message)
    throw new BackendError(
      502,
      'backend_unreachable',
      err instanceof Error ? err.message : String(err),
    )
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

/** The Appwrite adapter: the same operations against Appwrite Cloud or self-hosted, with the API key. */
export function appwriteBackend(config: Config): BackendPort {
  const endpoint = config.APPWRITE_ENDPOINT as string
  const server = new Client()
    .setEndpoint(endpoint)
    .setProject(config.APPWRITE_PROJECT_ID)
    .setKey(config.APPWRITE_API_KEY as string)
  const users = new Users(server)
  const tables = new TablesDB(server)
  const teams = new Teams(server)
  const at = (tableId: TableId, rowId: string) => ({ databaseId: DATABASE_ID, tableId, rowId })

  return {
    kind: 'appwrite',
    async getCaller(jwt) {
      // A fresh client per caller: setJWT mutates the client's headers.
      const client = new Client()
        .setEndpoint(endpoint)
        .setProject(config.APPWRITE_PROJECT_ID)
        .setJWT(jwt)
      return toBackendUser((await guard(() => new Account(client).get())) as unknown as Raw)
    },
    getUser: async (userId) => {
      const u = await orUndefined(() => users.get({ userId }))
      return u && toBackendUser(u as unknown as Raw)
    },
    listUsers: async (queries) =>
      (await guard(() => users.list({ queries }))).users.map((u) =>
        toBackendUser(u as unknown as Raw),
      ),
    updateEmailVerification: async (userId, emailVerification) =>
      toBackendUser(
        (await guard(() =>
          users.updateEmailVerification({ userId, emailVerification }),
        )) as unknown as Raw,
      ),
    listRows: async <T>(tableId: TableId, queries: string[]) =>
      (await guard(() =>
        tables.listRows({ databaseId: DATABASE_ID, tableId, queries }),
      )) as unknown as RowList<T>,
    getRow: async <T>(table: TableId, rowId: string) =>
      (await orUndefined(() => tables.getRow(at(table, rowId)))) as unknown as Row<T> | undefined,
    createRow: async <T>(table: TableId, rowId: string, data: Partial<T>) =>
      (await guard(() =>
        tables.createRow({ ...at(table, rowId), data: data as Raw }),
      )) as unknown as Row<T>,
    updateRow: async <T>(table: TableId, rowId: string, data: Partial<T>) =>
      (await guard(() =>
        tables.updateRow({ ...at(table, rowId), data: data as Raw }),
      )) as unknown as Row<T>,
    upsertRow: async <T>(table: TableId, rowId: string, data: Partial<T>) =>
      (await guard(() =>
        tables.upsertRow({ ...at(table, rowId), data: data as Raw }),
      )) as unknown as Row<T>,
    deleteRow: async (table, rowId) => {
      await guard(() => tables.deleteRow(at(table, rowId)))
    },
    createMembership: async (teamId, userId, roles) =>
      toMembership(
        (await guard(() => teams.createMembership({ teamId, roles, userId }))) as unknown as Raw,
      ),
    listMemberships: async (teamId, queries = []) =>
      (await guard(() => teams.listMemberships({ teamId, queries }))).memberships.map((m) =>
        toMembership(m as unknown as Raw),
      ),
  }
}

import './helpers/dom-shim'
import { Databases as WebDatabases, TablesDB as WebTablesDB } from 'appwrite'
import * as server from 'node-appwrite'
import { DATABASE_ID } from '../../shared/db-schema'
import { keyClient } from './helpers/server-sdk'
import { newUser, sessionClient, type TestUser } from './helpers/users'

// Shared pieces of the rows compat tests (tests/compat/rows-*.test.ts): TablesDB and the legacy
// Databases with the API key or as a user (web SDK), ids and paths.
export const DB = DATABASE_ID

export const keyTables = () => new server.TablesDB(keyClient())
export const keyDatabases = () => new server.Databases(keyClient())

/** Row data as the SDKs' typed params accept it (their Row types know no columns). */
export const asData = (data: Record<string, unknown>) => data as never

/** A unique id usable as a row id, room id or marker. */
export const uid = () => server.ID.unique()

/** Valid data for a `rooms` row (its hiddenName is unique), with overrides. */
export const roomData = (extra: Record<string, unknown> = {}) => ({
  name: 'Room',
  hiddenName: `h-${uid()}`,
  color: '#112233',
  ...extra,
})

/** The web SDK as that user (or a guest without one). */
export const webTables = (user?: TestUser) => new WebTablesDB(sessionClient(user))
export const webDatabases = (user?: TestUser) => new WebDatabases(sessionClient(user))

export const rowsPath = (table: string, rowId?: string) =>
  `/tablesdb/${DB}/tables/${table}/rows${rowId ? `/${encodeURIComponent(rowId)}` : ''}`

/** The permission tests' users: a and b in team `user`, an outsider, an admin in `user` and `admin`. */
export const permissionUsers = () =>
  Promise.all([
    newUser({ teams: ['user'] }),
    newUser({ teams: ['user'] }),
    newUser(),
    newUser({ teams: ['user', 'admin'] }),
  ])

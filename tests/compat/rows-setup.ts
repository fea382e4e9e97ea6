import './helpers/dom-shim'
import { Client as WebClient, Databases as WebDatabases, TablesDB as WebTablesDB } from 'appwrite'
import * as server from 'node-appwrite'
import { inject } from 'vitest'
import { DATABASE_ID } from '../../shared/db-schema'
import { exampleVars } from '../../scripts/local-vars'
import { loginSession } from './helpers/realtime'

// Shared pieces of the rows compat tests (tests/compat/rows-*.test.ts): the server SDK with the
// API key, users signed in over the login route, web SDK clients, raw HTTP, model checks.
const vars = exampleVars()
export const PROJECT = vars.APPWRITE_PROJECT_ID
export const KEY = vars.EMBEDDED_API_KEY
export const DB = DATABASE_ID

export const endpoint = () => `${inject('serverUrl')}/v1`
export const keyClient = () =>
  new server.Client().setEndpoint(endpoint()).setProject(PROJECT).setKey(KEY)
export const keyTables = () => new server.TablesDB(keyClient())
export const keyDatabases = () => new server.Databases(keyClient())

/** Row data as the SDKs' typed params accept it (their Row types know no columns). */
export const asData = (data: Record<string, unknown>) => data as never

/** A unique id usable as a row id, room id or marker. */
export const uid = () => server.ID.unique()

export type TestUser = { id: string; email: string; session: string }

/** A user made with the key (no allowlist), optionally in a team, signed in over the login route. */
export async function newUser(opts: { teams?: string[] } = {}): Promise<TestUser> {
  const id = server.ID.unique()
  const email = `rows-${id}@kathelia.test`
  const password = `Rows-${id}-pass!`
  await new server.Users(keyClient()).create({ userId: id, email, password, name: `rows ${id}` })
  for (const teamId of opts.teams ?? [])
    await new server.Teams(keyClient()).createMembership({ teamId, roles: [], userId: id })
  return { id, email, session: await loginSession(email, password) }
}

/** The web SDK as that user (or a guest without a session). */
export function webClient(user?: TestUser): WebClient {
  const client = new WebClient().setEndpoint(endpoint()).setProject(PROJECT)
  if (user) client.setSession(user.session)
  return client
}
export const webTables = (user?: TestUser) => new WebTablesDB(webClient(user))
export const webDatabases = (user?: TestUser) => new WebDatabases(webClient(user))

export type Auth = 'key' | 'guest' | TestUser

/** fetch against /v1 with the project header and the key or a session. */
export function api(path: string, init: RequestInit & { auth?: Auth } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('x-appwrite-project', PROJECT)
  if (init.body) headers.set('content-type', 'application/json')
  if (init.auth === 'key') headers.set('x-appwrite-key', KEY)
  else if (init.auth && init.auth !== 'guest') headers.set('x-appwrite-session', init.auth.session)
  return fetch(`${endpoint()}${path}`, { ...init, headers })
}

export const rowsPath = (table: string, rowId?: string) =>
  `/tablesdb/${DB}/tables/${table}/rows${rowId ? `/${encodeURIComponent(rowId)}` : ''}`

/** Awaits a rejected SDK call and returns Appwrite's error (code, type, message). */
export async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (err) {
    const e = err as { code: number; type: string; message: string }
    return { code: e.code, type: e.type, message: e.message }
  }
  throw new Error('expected the call to be refused')
}

export { expectModel } from './helpers/openapi'

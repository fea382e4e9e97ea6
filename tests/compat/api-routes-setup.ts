import { TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, expect } from 'vitest'
import {
  call,
  errorShape,
  jwtFor,
  keyClient,
  startAdapterPair,
  type AdapterPair,
  type ApiAnswer,
  type TestUser,
  userOf,
} from './api-setup'

// Shared by the route tests (api-auth, api-user, api-content): every spec route of /api through
// both adapters (startAdapterPair). Ada is the admin, Ben her partner, Dummy is allowlisted but
// unverified, Outsider verified but not allowlisted.
export type RoutesWorld = {
  pair: AdapterPair
  ada: TestUser
  ben: TestUser
  dummy: TestUser
  outsider: TestUser
  jwt: Record<string, string>
}

export function useRoutesWorld(vars: Record<string, string> = {}): RoutesWorld {
  const world = { jwt: {} } as RoutesWorld
  beforeAll(async () => {
    // The files without vars of their own share one pair and its cast: each of their tests
    // already runs twice on the same data (once per adapter, both on A's), so none assumes a
    // fresh server, and each file starts what it checks (e.g. dropping status rows first).
    const shared = Object.keys(vars).length ? undefined : 'routes-world'
    world.pair = await startAdapterPair(vars, { shared })
    const url = world.pair.a.url
    world.ada = await userOf(url, 'ada@kathelia.test', 'Ada')
    world.ben = await userOf(url, 'ben@kathelia.test', 'Ben')
    world.dummy = await userOf(url, 'dummy@kathelia.test', 'Dummy', false)
    world.outsider = await userOf(url, 'outsider@kathelia.test', 'Outsider')
    for (const u of [world.ada, world.ben, world.dummy, world.outsider])
      world.jwt[u.email] = await jwtFor(url, u.email)
  }, 120_000)
  afterAll(async () => {
    await world.pair?.close()
  })
  return world
}

/** POST as a user (or anonymously) to the server `url()` names. */
export const poster =
  (world: RoutesWorld, url: () => string) =>
  (path: string, body: unknown, u?: TestUser, h?: Record<string, string>) =>
    call(url(), path, body, u && world.jwt[u.email], h)

/** Deletes the users' status rows (A holds the data of both adapters). */
export async function dropStatus(world: RoutesWorld, ...users: TestUser[]) {
  const tables = new TablesDB(keyClient(world.pair.a.url))
  for (const u of users)
    await tables
      .deleteRow({ databaseId: 'kathelia', tableId: 'status', rowId: u.id })
      .catch(() => undefined)
}

export const expect401 = async (server: string, path: string, body: unknown) => {
  const r = await call(server, path, body)
  expect(r.status).toBe(401)
  expect(errorShape(r).code).toBe('unauthorized')
}

export const expectError = (r: ApiAnswer, status: number) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  return errorShape(r)
}

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

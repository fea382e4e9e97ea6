import { Client, Teams, Users } from 'node-appwrite'
import { inject } from 'vitest'
import { exampleVars } from '../../../scripts/local-vars'

// The server side of the compat tests: node-appwrite with the embedded backend's API key
// (.dev.vars.example EMBEDDED_API_KEY), and raw HTTP for what the SDKs hide (status codes,
// headers). Without a `serverUrl` they talk to the shared compat server.
const vars = exampleVars()
export const PROJECT = vars.APPWRITE_PROJECT_ID
export const KEY = vars.EMBEDDED_API_KEY

export const endpoint = (serverUrl: string = inject('serverUrl')) => `${serverUrl}/v1`

export const keyClient = (serverUrl?: string) =>
  new Client().setEndpoint(endpoint(serverUrl)).setProject(PROJECT).setKey(KEY)

export function serverClient(serverUrl?: string) {
  const client = keyClient(serverUrl)
  return { client, users: new Users(client), teams: new Teams(client) }
}

/** Who a raw request is from: the API key, nobody, or a session (e.g. a TestUser). */
export type Auth = 'key' | 'guest' | { session: string }

/** fetch against /v1 with the project header; a string body is sent as JSON. */
export function api(path: string, init: RequestInit & { auth?: Auth } = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('x-appwrite-project', PROJECT)
  if (typeof init.body === 'string') headers.set('content-type', 'application/json')
  if (init.auth === 'key') headers.set('x-appwrite-key', KEY)
  else if (init.auth && init.auth !== 'guest') headers.set('x-appwrite-session', init.auth.session)
  return fetch(`${endpoint()}${path}`, { ...init, headers })
}

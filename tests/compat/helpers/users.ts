import './dom-shim'
import { Client } from 'appwrite'
import { ID } from 'node-appwrite'
import { endpoint, PROJECT, serverClient } from './server-sdk'
import { webClient, type WebClient } from './web-sdk'

// Users of the compat tests: made with the API key (server-side creation skips the allowlist),
// signed in over the login route as a browser would, and web SDK clients acting as them.

export type Credentials = { id: string; email: string; password: string; name: string }
export type TestUser = Credentials & { session: string }

/** A new user with a unique email and a strong password (`prefix` labels the test). */
export async function createUser(serverUrl?: string, prefix = 'u'): Promise<Credentials> {
  const id = ID.unique()
  const creds = {
    id,
    email: `${prefix}-${id}@kathelia.test`,
    password: `Pw-${id}-x1!`,
    name: `${prefix} ${id}`,
  }
  await serverClient(serverUrl).users.create({ userId: id, ...creds })
  return creds
}

/** A new user, confirmed in `teams` (with `roles` there), signed in over the login route. */
export async function newUser(
  opts: { teams?: string[]; roles?: string[]; prefix?: string; serverUrl?: string } = {},
): Promise<TestUser> {
  const creds = await createUser(opts.serverUrl, opts.prefix)
  for (const teamId of opts.teams ?? [])
    await serverClient(opts.serverUrl).teams.createMembership({
      teamId,
      roles: opts.roles ?? [],
      userId: creds.id,
    })
  return { ...creds, session: await loginSession(creds.email, creds.password, opts.serverUrl) }
}

/** Signs in over the login route; the session secret from its cookie. */
export async function loginSession(email: string, password: string, serverUrl?: string) {
  const res = await fetch(`${endpoint(serverUrl)}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 201) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`a_session_${PROJECT}=`) && !c.includes('Expires=Thu, 01 Jan 1970'))
  if (!cookie) throw new Error('login set no session cookie')
  return cookie.split(';')[0].slice(`a_session_${PROJECT}=`.length)
}

/** A browser (web SDK with its own cookie jar) signed in with these credentials. */
export async function signedIn(
  serverUrl: string,
  creds: { email: string; password: string },
): Promise<WebClient> {
  const web = webClient(serverUrl)
  await web.account.createEmailPasswordSession({ email: creds.email, password: creds.password })
  return web
}

/**
 * The web SDK as a user (its session set, so sent as X-Appwrite-Session and used to authenticate
 * realtime sockets) or as a guest without one.
 */
export function sessionClient(who?: string | { session: string }, serverUrl?: string): Client {
  const client = new Client().setEndpoint(endpoint(serverUrl)).setProject(PROJECT)
  const session = typeof who === 'string' ? who : who?.session
  if (session) client.setSession(session)
  return client
}

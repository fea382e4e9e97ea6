import { Account, Client, ID, Users } from 'node-appwrite'

const PROJECT = 'kathelia'
export const PASSWORD = 'Kathelia#bench-2024'
export const PAIR = ['ada@kathelia.test', 'ben@kathelia.test'] as const
const NAMES = ['Ada Bench', 'Ben Bench']

export type Partner = { email: string; userId: string; jwt: string; session: string }

/** A session secret from the login route (the Worker hashes the password, as for the SPA). */
async function signIn(app: string, email: string) {
  const res = await fetch(`${app}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`bench login failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`a_session_${PROJECT}=`) && !c.includes('Expires=Thu, 01 Jan 1970'))
  if (!cookie) throw new Error('bench login set no session cookie')
  return cookie.split(';')[0].slice(`a_session_${PROJECT}=`.length)
}

export async function api(app: string, path: string, jwt: string, body: unknown) {
  const res = await fetch(`${app}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`bench ${path} failed: ${res.status} ${await res.text()}`)
  return res.json()
}

/**
 * Ada and Ben as the product makes them on a fresh server: verified accounts (server `key`), then
 * the first sign-in's team assignment and status row. Each gets a session and a JWT (15 minutes).
 */
export async function signedInPair(app: string, key: string): Promise<Partner[]> {
  const users = new Users(new Client().setEndpoint(`${app}/v1`).setProject(PROJECT).setKey(key))
  const partners: Partner[] = []
  for (const [i, email] of PAIR.entries()) {
    const user = await users.create({
      userId: ID.unique(),
      email,
      password: PASSWORD,
      name: NAMES[i],
    })
    await users.updateEmailVerification({ userId: user.$id, emailVerification: true })
    const session = await signIn(app, email)
    const client = new Client().setEndpoint(`${app}/v1`).setProject(PROJECT).setSession(session)
    const { jwt } = await new Account(client).createJWT()
    await api(app, '/auth/assign-teams', jwt, { userId: user.$id })
    await api(app, '/auth/create-status', jwt, { userId: user.$id })
    partners.push({ email, userId: user.$id, jwt, session })
  }
  return partners
}

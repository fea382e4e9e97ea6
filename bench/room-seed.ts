import { Account, Client, ID, Users } from 'node-appwrite'
import { exampleVars } from '../scripts/local-vars'
import { HOME_ROOM_ID } from '../shared/constants'

const vars = exampleVars()
const PROJECT = vars.APPWRITE_PROJECT_ID
export const PASSWORD = 'Kathelia#bench-2024'

/** A session secret from the login route (the password is hashed by the Worker, as for the SPA). */
export async function signIn(app: string, email: string) {
  const res = await fetch(`${app}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`seed login failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`a_session_${PROJECT}=`) && !c.includes('Expires=Thu, 01 Jan 1970'))
  if (!cookie) throw new Error('seed login set no session cookie')
  return cookie.split(';')[0].slice(`a_session_${PROJECT}=`.length)
}

export async function api(app: string, path: string, jwt: string, body: unknown) {
  const res = await fetch(`${app}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`seed ${path} failed: ${res.status} ${await res.text()}`)
  return res.json()
}

/**
 * The two partners as the product makes them: verified accounts (server key), then the first
 * sign-in's team assignment and status row, then `messages` of the home room through
 * /api/message/add, alternating senders. Returns the admin's email to sign in with.
 */
export async function seedRoom(app: string, messages: number) {
  const key = new Client()
    .setEndpoint(`${app}/v1`)
    .setProject(PROJECT)
    .setKey(vars.EMBEDDED_API_KEY)
  const users = new Users(key)
  const partners = [vars.ADMIN_EMAIL, vars.SPECIAL_EMAILS.split(',')[0]]
  const jwts: string[] = []
  for (const email of partners) {
    const user = await users.create({ userId: ID.unique(), email, password: PASSWORD })
    await users.updateEmailVerification({ userId: user.$id, emailVerification: true })
    const session = new Client().setEndpoint(`${app}/v1`).setProject(PROJECT)
    session.setSession(await signIn(app, email))
    const { jwt } = await new Account(session).createJWT()
    await api(app, '/auth/assign-teams', jwt, { userId: user.$id })
    await api(app, '/auth/create-status', jwt, { userId: user.$id })
    jwts.push(jwt)
  }
  for (let i = 1; i <= messages; i++)
    await api(app, '/message/add', jwts[i % 2], {
      roomId: HOME_ROOM_ID,
      message: `Bench message number ${i}`,
      clientId: ID.unique(),
    })
  return { email: partners[0], password: PASSWORD }
}

import { Account, Client, ID, Users } from 'node-appwrite'
import { api, PASSWORD, signIn } from './room-seed'

export { api, PASSWORD }

const PROJECT = 'kathelia'
export const PAIR = ['ada@kathelia.test', 'ben@kathelia.test'] as const
const NAMES = ['Ada Bench', 'Ben Bench']

export type Partner = { email: string; userId: string; jwt: string; session: string }

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

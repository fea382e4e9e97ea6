import { Client, ID, Users, Teams } from 'node-appwrite'
import { exampleVars } from '../../../scripts/local-vars'

// node-appwrite with the embedded backend's API key (.dev.vars.example EMBEDDED_API_KEY), and
// users made with it: server-side creation is not subject to the registration allowlist.
const vars = exampleVars()
export const API_KEY = vars.EMBEDDED_API_KEY

export function serverClient(serverUrl: string) {
  const client = new Client()
    .setEndpoint(`${serverUrl}/v1`)
    .setProject(vars.APPWRITE_PROJECT_ID)
    .setKey(API_KEY)
  return { client, users: new Users(client), teams: new Teams(client) }
}

export type Credentials = { id: string; email: string; password: string; name: string }

/** A new user with a unique email and a strong password (`prefix` labels the test). */
export async function createUser(serverUrl: string, prefix = 'u'): Promise<Credentials> {
  const id = ID.unique()
  const creds = {
    id,
    email: `${prefix}-${id}@kathelia.test`,
    password: `Pw-${id}-x!`,
    name: `${prefix} ${id}`,
  }
  await serverClient(serverUrl).users.create({
    userId: id,
    email: creds.email,
    password: creds.password,
    name: creds.name,
  })
  return creds
}
